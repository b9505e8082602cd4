import { LINUX01, startHarness, type Harness } from '../testing/simulator.harness.js';

interface ListedFile {
  origin: string;
  spoolId: number;
  spoolClass: string;
  type: string;
}

/**
 * Image_Console_Get as the reference uses it: CP closes the guest's console spool file and
 * transfers it to the management guest's reader, where vmur lists and receives it.
 */
describe("Image_Console_Get: the guest's console into the management guest's reader", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
    const directory = [...LINUX01, 'COMMAND SPOOL CONSOLE * START'];
    await h.smapi('Image_Create_DM', 'LINUX01', { directory });
  });
  afterEach(() => h.close());

  const listed = async (): Promise<ListedFile[]> => {
    const r = (await h.mgmt('rdrlist', {})).json as { rc: number; files: ListedFile[] };
    expect(r.rc).toBe(0);
    return r.files;
  };
  const received = async (spoolId: number): Promise<string[]> => {
    const r = (await h.mgmt('rdrreceive', { spoolid: String(spoolId) })).json;
    expect(r.rc).toBe(0);
    return r.lines as string[];
  };

  it('moves the spooled lines to a class T console file; the next holds only newer lines', async () => {
    await h.smapi('Image_Activate', 'LINUX01');
    expect(await h.smapi('Image_Console_Get', 'LINUX01')).toEqual({ rc: 0, rs: 0 });
    const [first, ...more] = await listed();
    expect(more).toEqual([]);
    expect(first).toMatchObject({ origin: 'LINUX01', spoolClass: 'T', type: 'CON' });
    const lines = await received(first.spoolId);
    expect(lines[0]).toMatch(/^LOGON LINUX01 AT /);
    // received with hold: still there until purged
    expect(await received(first.spoolId)).toEqual(lines);
    expect((await h.mgmt('purge', { spoolid: String(first.spoolId) })).json.rc).toBe(0);
    expect(await listed()).toEqual([]);
    // the guest's own reader never saw it
    expect(h.sim.state.user('LINUX01')?.reader).toEqual([]);

    // the console spools afresh: the next file has only what came after the first
    await h.smapi('Image_Deactivate', 'LINUX01', { immediate: true });
    expect(await h.smapi('Image_Console_Get', 'LINUX01')).toEqual({ rc: 0, rs: 0 });
    const [second] = await listed();
    expect(second.spoolId).not.toBe(first.spoolId);
    expect(await received(second.spoolId)).toEqual(['HCPLGF4202I FORCE IMMEDIATE']);
  });

  it('rc 8 rs 8 when nothing is spooled: not spooling, or the last logon already read', async () => {
    expect(await h.smapi('Image_Console_Get', 'LINUX01')).toMatchObject({ rc: 8, rs: 8 });
    await h.smapi('Image_Activate', 'LINUX01');
    await h.smapi('Image_Deactivate', 'LINUX01', { immediate: true });
    // the console of the last logon stays readable after logoff, once
    expect(await h.smapi('Image_Console_Get', 'LINUX01')).toEqual({ rc: 0, rs: 0 });
    expect(await h.smapi('Image_Console_Get', 'LINUX01')).toMatchObject({ rc: 8, rs: 8 });
    expect(await listed()).toHaveLength(1);
    expect(await h.smapi('Image_Console_Get', 'NOSUCH')).toMatchObject({ rc: 8, rs: 8 });
  });

  it('the CP a reader needs: SPOOL READER CLASS * is accepted', async () => {
    expect(await h.cp('SPOOL READER CLASS *')).toEqual({ rc: 0, lines: [] });
    expect(await h.cp('SP RDR CL *')).toEqual({ rc: 0, lines: [] });
  });
});
