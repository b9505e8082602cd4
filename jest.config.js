// Two projects: unit tests beside the code, end-to-end tests in test/ (real Redis, DB, simulator).
import { availableParallelism } from 'node:os';

const common = {
  testEnvironment: 'node',
  setupFiles: ['reflect-metadata'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^#([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^#([a-z-]+)/testing$': '<rootDir>/libs/$1/src/testing/index.ts',
    '^#config/env$': '<rootDir>/libs/config/src/env.ts',
    '^#config/cli$': '<rootDir>/libs/config/src/cli.ts',
    '^#testing/jest$': '<rootDir>/libs/testing/src/jest/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.json' }],
  },
};

export default {
  testTimeout: 60000,
  // Test files run in a worker that is replaced once it holds more than this: with one worker
  // (2 cores) jest would otherwise run every file in its own process, where ESM test modules
  // are never freed, and on CI that process ran out of heap (exit 134) after 40 minutes.
  workerIdleMemoryLimit: '1GB',
  // A worker told to end exits once its event loop is empty; none keeps a handle (each file's
  // afterAll leaves only jest's own IPC pipe), but tearing down a heap of ESM test modules took
  // workers 100-470 ms on this machine's 2 busy cores. jest's default grace of 500 ms then
  // killed the slower ones and ended the run with "A worker process has failed to exit
  // gracefully", a leak warning without a leak. A real leak still shows, after 5 s.
  workerGracefulExitTimeout: 5000,
  // Twice as many files at once as there are cores, at least four: an end-to-end file spends
  // much of its time waiting on the processes it starts and on their timers (a step in doubt,
  // a retry's back-off), and other files fill those gaps. On this machine's 2 cores the
  // end-to-end project took 17.5 minutes with one file at a time, 10.6 with two, and about 5 with
  // four. Tests that kill a worker during a call hold that call until they release it
  // (the simulator's `hold` fault), so no timing can be lost under load.
  maxWorkers: Math.max(4, 2 * availableParallelism()),
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,scripts}/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
