// Two projects: unit tests beside the code, end-to-end tests in test/ (real Redis, DB, simulator).
import { availableParallelism } from 'node:os';

const common = {
  testEnvironment: 'node',
  setupFiles: ['reflect-metadata'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^#([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^#([a-z-]+)/testing$': '<rootDir>/libs/$1/src/testing/index.ts',
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
  // At least two files at once, also on 2 cores (jest's default there is one): an end-to-end
  // file spends much of its time waiting on the processes it starts and on their timers, so a
  // second file fills those gaps. On this machine's 2 cores one worker took the e2e project
  // 17.5 minutes, two 10.6. Three and four were faster (7.0 and 8.8 min for the two CI passes
  // with four) but made the fault tests' kill-during-a-held-call race lose once in three CI
  // runs (test/faults/deploy-capture: the kill landed after the step had ended).
  maxWorkers: Math.max(2, availableParallelism()),
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
