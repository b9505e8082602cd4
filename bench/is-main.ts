import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Whether the module at `url` is the script node was started with (not imported by another). */
export function isMain(url: string): boolean {
  const entry = process.argv[1];
  return !!entry && realpathSync(entry) === realpathSync(fileURLToPath(url));
}
