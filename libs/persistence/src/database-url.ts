/** Which generated client, adapter and schema a DATABASE_URL needs. */
export type DatabaseProvider = 'sqlite' | 'postgresql';

export function providerOf(url: string): DatabaseProvider {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgresql' : 'sqlite';
}

/**
 * The file behind a `file:` URL, exactly as the better-sqlite3 adapter reads it (it only strips
 * `file:`), so a relative path means the same file to us and to Prisma.
 */
export function sqliteFilePath(url: string): string {
  if (!url.startsWith('file:')) throw new Error(`not a SQLite file: URL: ${url}`);
  return url.slice('file:'.length);
}
