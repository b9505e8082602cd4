import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { repoRoot } from '#config';

/** One file the console page loads, read once at start (they are small and never change). */
export interface ConsoleAsset {
  type: string;
  body: Buffer;
}

const JS = 'text/javascript; charset=utf-8';

/** The console's own files, beside this one in the source tree (not compiled: plain ES modules). */
const OWN = {
  'console.css': 'text/css; charset=utf-8',
  'app.js': JS,
  'api.js': JS,
  'parts.js': JS,
  'list.js': JS,
  'operation.js': JS,
};

/** The UI library's files, from node_modules, under the names the import map gives them. */
function vendorFiles(): Record<string, string> {
  const req = createRequire(import.meta.url);
  const sse = dirname(req.resolve('eventsource-parser'));
  return {
    'preact.mjs': req.resolve('preact'),
    'hooks.mjs': req.resolve('preact/hooks'),
    'htm.mjs': join(dirname(req.resolve('htm')), 'htm.mjs'),
    // stream.js imports ./index.js: both keep their names, side by side
    'eventsource-parser/index.js': join(sse, 'index.js'),
    'eventsource-parser/stream.js': join(sse, 'stream.js'),
  };
}

/**
 * Every file under /console/assets/ and /console/vendor/, by its path below /console. A fixed
 * list: no request names a file on disk, so nothing outside it can be read.
 */
export function consoleAssets(): Map<string, ConsoleAsset> {
  const own = join(repoRoot(), 'apps/api/src/console/public');
  const files = new Map<string, ConsoleAsset>();
  for (const [name, type] of Object.entries(OWN))
    files.set(`assets/${name}`, { type, body: readFileSync(join(own, name)) });
  for (const [name, file] of Object.entries(vendorFiles()))
    files.set(`vendor/${name}`, { type: JS, body: readFileSync(file) });
  return files;
}
