import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '#config';
import { HvError } from '#envelope';
import type { CpQueries } from './cp.queries.js';
import type { SystemsManagement } from './hypervisor.client.js';
import { SystemFacts } from './system-facts.js';
import { strictMock } from '#testing/jest';

const SYSINFO = [
  'Manufacturer:         IBM',
  'Type:                 3906',
  'LPAR CPUs Total:      42',
  'LPAR CPUs Configured: 12',
  'VM00 Control Program: z/VM    7.3.0',
].join('\n');

/** The client's answers on a system the reference would read them from. */
const hv = strictMock<SystemsManagement & CpQueries>({
  queryUserid: () => Promise.resolve({ userid: 'OPNCLOUD', systemId: 'ZVM4' }),
  queryCplevel: () =>
    Promise.resolve([
      'z/VM Version 7 Release 3.0, service level 2301 (64-bit)',
      'Generated at 05/19/23 10:11:50 EDT',
      'IPL at 06/03/23 09:19:23 EDT',
    ]),
  systemInformationQuery: () =>
    Promise.resolve(['REAL_STORAGE=STORAGE=64G CONFIGURED=64G STANDBY=0']),
  systemPerformanceInformationQuery: () => Promise.resolve(['MEMORY_IN_USE=262144']),
});

function factsWith(sysinfo: string | undefined): SystemFacts {
  const dir = mkdtempSync(join(tmpdir(), 'sysinfo-'));
  const path = join(dir, 'sysinfo');
  if (sysinfo !== undefined) writeFileSync(path, sysinfo);
  const cfg = { HV_TRANSPORT: 'smapi', HV_SYSINFO_PATH: path } as AppConfig;
  return new SystemFacts(cfg, hv, hv);
}

describe('SystemFacts over smapi: the reference getHost GENERAL sources', () => {
  it('takes each figure where the reference does', async () => {
    expect(await factsWith(SYSINFO).query()).toEqual({
      systemId: 'ZVM4',
      userid: 'OPNCLOUD',
      hypervisorVersion: 'z/VM 7.3.0',
      hostname: 'ZVM4',
      ipl: 'IPL at 06/03/23 09:19:23 EDT',
      cecModel: '3906',
      architecture: 's390x',
      cpus: 42,
      cpusUsed: 12,
      memoryMb: 65_536,
      memoryUsedMb: 1024,
    });
  });

  it('the hypervisor name alone needs no sysinfo', async () => {
    expect(await factsWith(undefined).hostname()).toBe('ZVM4');
  });

  it('an unreadable sysinfo, or one without a figure, fails naming it', async () => {
    const missing = await factsWith(undefined)
      .query()
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(HvError);
    expect((missing as HvError).message).toMatch(/Unable to read .*sysinfo/);
    const noVm = SYSINFO.split('\n').slice(0, 4).join('\n');
    await expect(factsWith(noVm).query()).rejects.toThrow(
      /Unable to obtain VM00 Control Program from .*sysinfo/,
    );
  });
});
