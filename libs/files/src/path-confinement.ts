import { realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

const MISSING = new Set(['ENOENT', 'ENOTDIR']);

/**
 * The real path of `p`: symlinks resolved in the part that exists, the rest appended as
 * written, so a path that does not exist yet resolves as it will once it is made.
 */
export async function canonicalPath(p: string): Promise<string> {
  let head = resolve(p);
  const tail: string[] = [];
  for (;;) {
    try {
      return join(await realpath(head), ...tail);
    } catch (e) {
      if (!MISSING.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
      const up = dirname(head);
      if (up === head) return resolve(p);
      tail.unshift(basename(head));
      head = up;
    }
  }
}

/** Whether `path` is `dir` or below it (both absolute and canonical). */
export function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!isAbsolute(rel) && rel.split(sep)[0] !== '..');
}

/**
 * `p` as a canonical path when it lies inside one of `dirs` (compared canonically, so `../`
 * and symlinks pointing out are caught), else null. A symlink loop counts as outside.
 */
export async function confine(p: string, dirs: readonly string[]): Promise<string | null> {
  try {
    const path = await canonicalPath(p);
    for (const dir of dirs) if (isInside(path, await canonicalPath(dir))) return path;
    return null;
  } catch {
    return null;
  }
}
