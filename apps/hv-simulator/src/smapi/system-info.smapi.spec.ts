import { cpTimestamp, memoryInUseMb, parseSysinfo, storageMb } from '#hypervisor';
import { sysinfoText } from '../ssi/sysinfo.text.js';
import { LINUX01, startHarness, type Harness } from '../testing/simulator.harness.js';

/** What the reference reads for GET /host, as the simulated machine answers it. */
describe('host facts the reference way: System_Information_Query, performance, CPLEVEL, sysinfo', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: LINUX01 });
  });
  afterEach(() => h.close());

  it('System_Information_Query: the STORAGE= line carries the machine storage', async () => {
    const info = await h.smapi<string[]>('System_Information_Query', '*');
    expect(info.rc).toBe(0);
    expect(info.output).toContain(
      'REAL_STORAGE=STORAGE=256G CONFIGURED=256G INC=256M STANDBY=0 RESERVED=0',
    );
    expect(storageMb(info.output ?? [])).toBe(262_144);
  });

  it('System_Performance_Information_Query: MEMORY_IN_USE= follows the guests logged on', async () => {
    const inUse = async () =>
      memoryInUseMb(
        (
          await h.smapi<string[]>('System_Performance_Information_Query', '*', {
            detailedCpu: 'show=no',
          })
        ).output ?? [],
      );
    expect(await inUse()).toBe(0);
    await h.smapi('Image_Activate', 'LINUX01');
    expect(await inUse()).toBe(2048); // LINUX01's 2G
    await h.smapi('Image_Deactivate', 'LINUX01', { immediate: true });
    expect(await inUse()).toBe(0);
  });

  it('QUERY CPLEVEL: level, generation and the IPL time of this system', async () => {
    const reply = await h.cp('Q CPLEV');
    expect(reply).toEqual({
      rc: 0,
      lines: [
        'z/VM Version 7 Release 2.0, service level 0000 (64-bit)',
        'Generated at 01/05/26 09:00:00 UTC',
        `IPL at ${cpTimestamp(h.sim.state.iplTime)} UTC`,
      ],
    });
    expect((await h.cp('QUERY CPLEVEL NOW')).rc).toBe(3);
  });

  it('sysinfo text: the machine as /proc/sysinfo shows it', () => {
    expect(parseSysinfo(sysinfoText('HVSIM1'))).toEqual({
      lparCpusTotal: 16,
      lparCpusConfigured: 16,
      cecModel: '8561',
      manufacturer: 'IBM',
      hypervisorVersion: 'z/VM 7.2.0',
    });
  });
});
