import { LINUX01, startHarness, waitFor, type Harness } from '../testing/simulator.harness.js';
import { parseCp } from './cp.dispatcher.js';

describe('CP commands', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ systemId: 'ZVMA' });
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: LINUX01 });
  });
  afterEach(() => h.close());

  it('QUERY USER: DSC when logged on, HCP045E when defined but off or not defined', async () => {
    expect(await h.cp('QUERY USER LINUX01')).toEqual({
      rc: 45,
      lines: ['HCP045E LINUX01 not logged on'],
    });
    await h.smapi('Image_Activate', 'LINUX01');
    expect(await h.cp('QUERY USER LINUX01')).toEqual({ rc: 0, lines: ['LINUX01  - DSC'] });
    // CP only knows logged-on users: one the directory lacks answers the same HCP045E.
    expect(await h.cp('QUERY USER NOSUCH')).toEqual({
      rc: 45,
      lines: ['HCP045E NOSUCH not logged on'],
    });
  });

  it('QUERY USER … AT ALL names the SSI member; QUERY VMRELOCATE sees a move in flight', async () => {
    expect((await h.cp('QUERY USER LINUX01 AT ALL')).rc).toBe(45);
    await h.smapi('Image_Activate', 'LINUX01');
    expect(await h.cp('QUERY USER LINUX01 AT ALL')).toEqual({
      rc: 0,
      lines: ['LINUX01  - DSC AT ZVMA'],
    });
    expect(await h.cp('Q VMRELOC LINUX01')).toEqual({
      rc: 0,
      lines: ['No relocations in progress'],
    });
    // a move held for a while is a relocation in progress until it answers
    await h.http('POST', '/admin/faults', { function: 'VMRELOCATE', hang_ms: 300 });
    const move = h.smapi('VMRELOCATE', 'LINUX01', { action: 'MOVE', destination: 'HVSIM2' });
    await waitFor(
      async () => (await h.cp('QUERY VMRELOCATE')).lines[0] !== 'No relocations in progress',
    );
    expect(await h.cp('QUERY VMRELOCATE LINUX01')).toEqual({
      rc: 0,
      lines: ['LINUX01 is being relocated from ZVMA to HVSIM2'],
    });
    expect((await move).rc).toBe(0);
    expect((await h.cp('QUERY VMRELOCATE LINUX01')).lines).toEqual(['No relocations in progress']);
    expect((await h.cp('QUERY USER LINUX01 AT ALL')).lines).toEqual(['LINUX01  - DSC AT HVSIM2']);
    expect((await h.cp('QUERY USER LINUX01 AT ZVMA')).rc).toBe(45);
  });

  it('accepts abbreviations and any case', async () => {
    await h.smapi('Image_Activate', 'LINUX01');
    for (const c of ['q user linux01', 'Q USERS LINUX01', 'QUER   user  Linux01']) {
      expect((await h.cp(c)).rc).toBe(0);
    }
    expect(await h.cp('Q USERS')).toEqual({
      rc: 0,
      lines: ['    1 USERS,     0 DIALED,     0 NET'],
    });
    expect(await h.cp('q userid')).toEqual({ rc: 0, lines: ['HVSIMMGR AT ZVMA'] });
  });

  it('rejects what CP rejects', async () => {
    expect(await h.cp('FROBNICATE ALL')).toEqual({
      rc: 1,
      lines: ['HCP001E Unknown CP command: FROBNICATE'],
    });
    expect(await h.cp('Q US LINUX01')).toMatchObject({
      rc: 3,
      lines: ['HCP003E Invalid option - US'],
    });
    expect(await h.cp('Q USER TOOLONGNAME')).toMatchObject({ rc: 3 });
    expect(await h.cp('QUERY')).toMatchObject({ rc: 26 });
  });

  it('finds the userid a command is about (for faults and the call log)', () => {
    expect(parseCp('q user linux01').target).toBe('LINUX01');
    expect(parseCp('Q USERS').target).toBe('*');
    expect(parseCp('LINK LINUX01 100 200 RR').target).toBe('*');
  });
});
