import { LINUX01, startHarness, type Harness } from '../testing/simulator.harness.js';

describe('guest change functions', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: LINUX01 });
  });
  afterEach(() => h.close());

  const user = () => h.sim.state.view().users[0];

  it('pauses only a logged-on guest', async () => {
    expect(await h.smapi('Image_Pause', 'LINUX01', { pause: true })).toMatchObject({
      rc: 200,
      rs: 12,
    });
    await h.smapi('Image_Activate', 'LINUX01');
    expect(await h.smapi('Image_Pause', 'LINUX01', { pause: 'YES' })).toMatchObject({ rc: 24 });
    expect(await h.smapi('Image_Pause', 'LINUX01', { pause: true })).toEqual({ rc: 0, rs: 0 });
    expect(user()?.paused).toBe(true);
    expect(await h.smapi('Image_Pause', 'LINUX01', { pause: false })).toEqual({ rc: 0, rs: 0 });
    expect(user()?.paused).toBe(false);
  });

  it('replaces a directory entry only under lock, and unlocks it', async () => {
    const next = [...LINUX01, 'COMMAND DEFINE CPU 00 TYPE IFL'];
    expect(await h.smapi('Image_Replace_DM', 'LINUX01', { directory: next })).toMatchObject({
      rc: 400,
      rs: 24,
    });
    expect(await h.smapi('Image_Unlock_DM', 'LINUX01')).toMatchObject({ rc: 400, rs: 24 });
    expect(await h.smapi('Image_Lock_DM', 'LINUX01')).toEqual({ rc: 0, rs: 0 });
    expect(await h.smapi('Image_Lock_DM', 'LINUX01')).toMatchObject({ rc: 400, rs: 12 });
    const other = ['USER OTHER LBYONLY 2G 4G G'];
    expect(await h.smapi('Image_Replace_DM', 'LINUX01', { directory: other })).toMatchObject({
      rc: 24,
    });
    expect(await h.smapi('Image_Replace_DM', 'LINUX01', { directory: next })).toEqual({
      rc: 0,
      rs: 0,
    });
    expect(user()?.directory).toEqual(next);
    expect(await h.smapi('Image_Unlock_DM', 'LINUX01')).toMatchObject({ rc: 400, rs: 24 });
    expect(await h.smapi('Image_Lock_DM', 'NOSUCH')).toMatchObject({ rc: 400, rs: 4 });
  });

  it('stores a replaced entry as the directory keeps it: upper case, one NICDEF per NIC', async () => {
    // the reference's couple adds a second NICDEF for the NIC; its functional tests then
    // find one statement with the operands in the directory's order
    await h.smapi('Image_Lock_DM', 'LINUX01');
    const next = [
      ...LINUX01,
      'NICDEF 1000 TYPE QDIO DEVICES 3 MACID 12ab34',
      'nicdef 1003 type qdio devices 3',
      'NICDEF 1000 LAN SYSTEM vsw1',
    ];
    expect(await h.smapi('Image_Replace_DM', 'LINUX01', { directory: next })).toEqual({
      rc: 0,
      rs: 0,
    });
    expect(user()?.directory).toEqual([
      ...LINUX01,
      'NICDEF 1000 TYPE QDIO LAN SYSTEM VSW1 DEVICES 3 MACID 12AB34',
      'NICDEF 1003 TYPE QDIO DEVICES 3',
    ]);
  });

  it('reports the running configuration while logged on', async () => {
    expect(await h.smapi('Image_Performance_Query', 'LINUX01')).toMatchObject({ rc: 0, rs: 12 });
    await h.smapi('Image_Activate', 'LINUX01');
    const perf = await h.smapi('Image_Performance_Query', 'LINUX01');
    expect(perf).toMatchObject({
      rc: 0,
      rs: 0,
      output: { guestCpus: 1, maxMemKb: 4 * 1024 * 1024 },
    });
  });

  it('runs guest commands only when the OS is reachable; spools the console on request', async () => {
    expect((await h.mgmt('execcmd', { userid: 'LINUX01', cmd: "echo 'ping'" })).json).toMatchObject(
      { rc: 3 },
    );
    await h.smapi('Image_Activate', 'LINUX01'); // no disk: no OS boots
    expect((await h.mgmt('execcmd', { userid: 'LINUX01', cmd: "echo 'ping'" })).json).toMatchObject(
      { rc: 3 },
    );
    // not spooling: nothing to close and transfer
    expect(await h.smapi('Image_Console_Get', 'LINUX01')).toMatchObject({ rc: 8, rs: 8 });

    await h.smapi('Image_Deactivate', 'LINUX01', { immediate: true });
    await h.smapi('Image_Lock_DM', 'LINUX01');
    await h.smapi('Image_Replace_DM', 'LINUX01', {
      directory: [...LINUX01, 'COMMAND SPOOL CONSOLE * START'],
    });
    await h.smapi('Image_Activate', 'LINUX01');
    expect(await h.smapi('Image_Console_Get', 'LINUX01')).toEqual({ rc: 0, rs: 0 });
    const [file] = (await h.mgmt('rdrlist', {})).json.files as { spoolId: number }[];
    const log = (await h.mgmt('rdrreceive', { spoolid: String(file.spoolId) })).json;
    expect(log.lines[0]).toMatch(/^LOGON LINUX01 AT /);
    expect(log.lines.length).toBeGreaterThan(1);
  });
});
