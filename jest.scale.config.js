// `npm run test:scale`: the service as several hosts run it (issue #15). Not part of `npm test`:
// it starts a Redis Cluster, a Sentinel set and several api and worker processes (minutes).
import base from './jest.config.js';

const e2e = base.projects.find((p) => p.displayName === 'e2e');

export default {
  testTimeout: 120000,
  // one file at a time: each starts a Redis set and five or more processes
  maxWorkers: 1,
  projects: [
    {
      ...e2e,
      displayName: 'scale',
      testMatch: [
        '<rootDir>/test/scale/**/*.scale-spec.ts',
        '<rootDir>/test/faults/redis-sentinel.e2e-spec.ts',
      ],
    },
  ],
};
