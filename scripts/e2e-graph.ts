// What the end-to-end tests run inside their own jest process (test/support/e2e-graph.ts):
// scripts/bundle.mjs bundles this file's exports into dist/bundle/e2e-graph.js, and the tests
// take their types from it, so the two cannot disagree.
export { createSimulator, sysinfoText } from '../apps/hv-simulator/src/index.js';
export { createWorker } from '../apps/worker/src/create-worker.js';
export { BUILT_ENTRY, loadConfig, repoRoot } from '#config';
export { SAMPLE_OS_RELEASE, sampleImageStream, writeSampleImage } from '#images';
export { StatementCounter } from '#persistence';
export { databaseClosed } from '#persistence/testing';
export { startProcess, stopProcess } from '#testing';
