import { readFile, stat } from 'node:fs/promises';

/**
 * The request server's password, from a file only its owner can read (0600 or stricter):
 * a file others can read is refused, as ssh does with keys. Errors name the file, never its
 * content; one trailing newline is dropped (editors add it).
 */
export async function readPasswordFile(path: string): Promise<string> {
  const info = await stat(path);
  if (!info.isFile()) throw new Error(`SMAPI password file ${path} is not a regular file`);
  if ((info.mode & 0o077) !== 0) {
    const mode = (info.mode & 0o777).toString(8).padStart(4, '0');
    throw new Error(`SMAPI password file ${path} has mode ${mode}; it must be 0600`);
  }
  const text = (await readFile(path, 'utf8')).replace(/\r?\n$/, '');
  if (text.length === 0 || text.length > 200) {
    throw new Error(`SMAPI password file ${path} must hold 1 to 200 characters`);
  }
  return text;
}
