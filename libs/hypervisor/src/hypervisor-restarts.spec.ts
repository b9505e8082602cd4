import type { CpQueries } from './cp.queries.js';
import { HypervisorRestarts, IPL_CLOCK_MARGIN_MS, iplTimeOf } from './hypervisor-restarts.js';
import { strictMock } from '#testing/jest';

const CPLEVEL = [
  'z/VM Version 7 Release 3.0, service level 2301 (64-bit)',
  'Generated at 05/01/23 10:12:33 UTC',
  'IPL at 12/07/26 19:00:05 UTC',
];
const IPL = Date.UTC(2026, 11, 7, 19, 0, 5);

describe('HypervisorRestarts: was CP IPLed since a call was sent?', () => {
  it("reads QUERY CPLEVEL's IPL line (UTC); another zone or none is not known", () => {
    expect(iplTimeOf(CPLEVEL)).toBe(IPL);
    expect(iplTimeOf(['IPL at 12/07/26 14:00:05 EST'])).toBeUndefined();
    expect(iplTimeOf([])).toBeUndefined();
  });

  it('after the call by more than the clock margin: restarted; otherwise not', async () => {
    const cp = strictMock<CpQueries>({ queryCplevel: () => Promise.resolve(CPLEVEL) });
    const restarts = new HypervisorRestarts(cp);
    await expect(restarts.since(IPL - IPL_CLOCK_MARGIN_MS - 1)).resolves.toBe(true);
    await expect(restarts.since(IPL - IPL_CLOCK_MARGIN_MS)).resolves.toBe(false);
    await expect(restarts.since(IPL + 60_000)).resolves.toBe(false);
  });
});
