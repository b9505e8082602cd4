/**
 * The built processes, relative to dist/: the api and the worker run from their bundles
 * (scripts/bundle.mjs), which start in about half the time of tsc's many files.
 */
export const BUILT_ENTRY = {
  api: 'bundle/api.cjs',
  worker: 'bundle/worker.cjs',
  simulator: 'apps/hv-simulator/src/main.js',
} as const;
