import { startHarness, userDirectory, type Harness } from '../testing/simulator.harness.js';
import type { AdapterQueryOutput, VswitchByteStatsOutput } from '#hypervisor';

describe('NIC functions', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: userDirectory('LINUX01') });
    h.sim.state.vswitches().VSW1 = { name: 'VSW1', vlanAware: true, authorized: {} };
  });
  afterEach(() => h.close());

  const user = () => h.sim.state.view().users.find((u) => u.userid === 'LINUX01')!;
  const nicdefs = () => user().directory.filter((l) => l.startsWith('NICDEF'));

  it('defines NICs in the directory, three devices each, and deletes them', async () => {
    const create = (vdev: string, extra: object = {}) =>
      h.smapi('Virtual_Network_Adapter_Create_Extended_DM', 'LINUX01', { vdev, ...extra });
    expect(await create('1000', { macId: '12ab34' })).toEqual({ rc: 0, rs: 0 });
    expect(await create('1002')).toMatchObject({ rc: 404, rs: 4 });
    expect(await create('1003', { macId: 'XYZ' })).toMatchObject({ rc: 24 });
    expect(await create('FFFE')).toMatchObject({ rc: 24 });
    expect(await create('1003')).toEqual({ rc: 0, rs: 0 });
    // as the directory prints them (the reference's functional tests look for these lines)
    expect(nicdefs()).toEqual([
      'NICDEF 1000 TYPE QDIO DEVICES 3 MACID 12AB34',
      'NICDEF 1003 TYPE QDIO DEVICES 3',
    ]);
    expect(await create('2000', {})).toEqual({ rc: 0, rs: 0 });
    await h.smapi('Image_Lock_DM', 'LINUX01');
    expect(await create('3000')).toMatchObject({ rc: 400, rs: 12 });
    await h.smapi('Image_Unlock_DM', 'LINUX01');

    const del = (vdev: string) => h.smapi('Virtual_Network_Adapter_Delete_DM', 'LINUX01', { vdev });
    expect(await del('2000')).toEqual({ rc: 0, rs: 0 });
    expect(await del('2000')).toMatchObject({ rc: 404, rs: 8 });
    expect(await create('1000', {})).toMatchObject({ rc: 404, rs: 4 });
    expect(
      await h.smapi('Virtual_Network_Adapter_Create_Extended_DM', 'NOSUCH', { vdev: '1000' }),
    ).toMatchObject({ rc: 400, rs: 4 });
  });

  it('couples in the directory only to an existing vswitch, and uncouples', async () => {
    await h.smapi('Virtual_Network_Adapter_Create_Extended_DM', 'LINUX01', { vdev: '1000' });
    const connect = (vswitch: string) =>
      h.smapi('Virtual_Network_Adapter_Connect_Vswitch_DM', 'LINUX01', { vdev: '1000', vswitch });
    expect(await connect('NOTEXIST')).toMatchObject({ rc: 212, rs: 40 });
    expect(await connect('vsw1')).toEqual({ rc: 0, rs: 0 });
    expect(nicdefs()).toEqual(['NICDEF 1000 TYPE QDIO LAN SYSTEM VSW1 DEVICES 3']);
    const disconnect = () =>
      h.smapi('Virtual_Network_Adapter_Disconnect_DM', 'LINUX01', { vdev: '1000' });
    expect(await disconnect()).toEqual({ rc: 0, rs: 0 });
    expect(await disconnect()).toMatchObject({ rc: 212, rs: 32 });
    expect(nicdefs()).toEqual(['NICDEF 1000 TYPE QDIO DEVICES 3']);
  });

  it('builds the running NICs at logon and changes them while logged on', async () => {
    await h.smapi('Virtual_Network_Adapter_Create_Extended_DM', 'LINUX01', {
      vdev: '1000',
      macId: '00AB01',
    });
    await h.smapi('Virtual_Network_Adapter_Connect_Vswitch_DM', 'LINUX01', {
      vdev: '1000',
      vswitch: 'VSW1',
    });
    const active = (
      fn: 'Create_Extended' | 'Delete' | 'Connect_Vswitch' | 'Disconnect',
      p: object,
    ) => h.smapi(`Virtual_Network_Adapter_${fn}`, 'LINUX01', p);
    expect(await active('Create_Extended', { vdev: '2000' })).toMatchObject({ rc: 200, rs: 12 });

    await h.smapi('Image_Activate', 'LINUX01');
    expect(user().activeNics).toEqual({
      '1000': { vdev: '1000', type: 'QDIO', mac: '02:00:00:00:AB:01', vswitch: 'VSW1' },
    });
    expect(user().activeDevices).toEqual(expect.arrayContaining(['1000', '1001', '1002']));

    expect(await active('Create_Extended', { vdev: '1001' })).toMatchObject({ rc: 204, rs: 4 });
    expect(await active('Create_Extended', { vdev: '2000' })).toEqual({ rc: 0, rs: 0 });
    // CP assigns an unused MACID when the directory names none
    expect(user().activeNics['2000'].mac).toBe('02:00:00:00:AB:02');
    expect(await active('Connect_Vswitch', { vdev: '2000', vswitch: 'NOPE' })).toMatchObject({
      rc: 212,
      rs: 40,
    });
    expect(await active('Connect_Vswitch', { vdev: '2000', vswitch: 'VSW1' })).toEqual({
      rc: 0,
      rs: 0,
    });
    expect(await active('Connect_Vswitch', { vdev: '2000', vswitch: 'VSW1' })).toMatchObject({
      rc: 204,
      rs: 20,
    });
    expect(await active('Disconnect', { vdev: '2000' })).toEqual({ rc: 0, rs: 0 });
    expect(await active('Disconnect', { vdev: '2000' })).toMatchObject({ rc: 204, rs: 48 });

    const q = await h.smapi<AdapterQueryOutput>(
      'Virtual_Network_Adapter_Query_Extended',
      'LINUX01',
    );
    expect(q.output?.adapters).toEqual([
      {
        vdev: '1000',
        type: 'QDIO',
        status: '02',
        lanOwner: 'SYSTEM',
        lanName: 'VSW1',
        macAddress: '02000000AB01',
      },
      {
        vdev: '2000',
        type: 'QDIO',
        status: '00',
        lanOwner: '',
        lanName: '',
        macAddress: '02000000AB02',
      },
    ]);

    expect(await active('Delete', { vdev: '2000' })).toEqual({ rc: 0, rs: 0 });
    expect(await active('Delete', { vdev: '2000' })).toMatchObject({ rc: 204, rs: 8 });
    expect(user().activeDevices).not.toContain('2000');

    await h.smapi('Image_Deactivate', 'LINUX01', { immediate: true });
    expect(user().activeNics).toEqual({});
    expect(await h.smapi('Virtual_Network_Adapter_Query_Extended', 'LINUX01')).toMatchObject({
      rc: 200,
      rs: 12,
    });
    expect(await h.smapi('Virtual_Network_Adapter_Query_Extended', 'NOSUCH')).toMatchObject({
      rc: 200,
      rs: 4,
    });
  });

  it('gives NICs without a MACID one no NIC or vswitch uses', async () => {
    h.sim.state.vswitches().VSW2 = {
      name: 'VSW2',
      vlanAware: false,
      authorized: {},
      macAddress: '02-00-00-00-00-01',
    };
    await h.smapi('Virtual_Network_Adapter_Create_Extended_DM', 'LINUX01', { vdev: '1000' });
    await h.smapi('Image_Activate', 'LINUX01');
    expect(user().activeNics['1000'].mac).toBe('02:00:00:00:00:02');
  });

  it('counts frames and bytes of coupled running NICs, growing with time', async () => {
    await h.smapi('Virtual_Network_Adapter_Create_Extended_DM', 'LINUX01', { vdev: '1000' });
    await h.smapi('Virtual_Network_Adapter_Connect_Vswitch_DM', 'LINUX01', {
      vdev: '1000',
      vswitch: 'VSW1',
    });
    await h.smapi('Virtual_Network_Adapter_Create_Extended_DM', 'LINUX01', { vdev: '1003' });
    await h.smapi('Image_Activate', 'LINUX01');
    const stats = async () =>
      (await h.smapi<VswitchByteStatsOutput>('Virtual_Network_Vswitch_Query_Byte_Stats', '*'))
        .output!;
    await new Promise((r) => setTimeout(r, 30));
    const first = await stats();
    expect(first.vswitches.map((v) => v.name)).toEqual(['VSW1']);
    expect(first.vswitches[0].nics.map((n) => n.vdev)).toEqual(['1000']);
    await new Promise((r) => setTimeout(r, 60));
    const [a, b] = [first.vswitches[0].nics[0], (await stats()).vswitches[0].nics[0]];
    expect(b.framesRx).toBeGreaterThan(a.framesRx);
    expect(b.bytesTx).toBeGreaterThan(a.bytesTx);
    expect(b.framesRxErrors).toBeLessThanOrEqual(b.framesRx / 1000);
  });
});
