// The in-process worker and simulator of the e2e stacks, with the sample images and the stack's
// settings and process helpers, from their built bundle
// (dist/bundle/e2e-graph.js, made by `npm run build`; `npm test` builds first when a source is
// newer). Imported from their sources instead, every test file loaded their ~2,100 modules
// through jest's module system again (it keeps one registry per file): 1–3 CPU-seconds of each
// file's set-up. Types come from the sources; what runs is what the api and worker processes
// run, built the same way.
import { fileURLToPath } from 'node:url';
import type * as Graph from '../../scripts/e2e-graph.js';

/** What scripts/e2e-graph.ts exports, as bundled. */
export type E2eGraph = typeof Graph;

let loaded: Promise<E2eGraph> | undefined;

/** The bundle's exports, loaded once per test file. */
export function e2eGraph(): Promise<E2eGraph> {
  // found from here, not through '#config': that lib's graph is what this file saves loading
  const file = fileURLToPath(new URL('../../dist/bundle/e2e-graph.js', import.meta.url));
  return (loaded ??= (import(file) as Promise<E2eGraph>).catch((e: unknown) => {
    throw new Error(`${file} did not load: run \`npm run build\` (\`npm test\` does it first)`, {
      cause: e,
    });
  }));
}
