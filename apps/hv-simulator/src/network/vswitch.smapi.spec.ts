import type { VswitchExtendedInfo } from '#hypervisor';
import { LINUX01, startHarness, type Harness } from '../testing/simulator.harness.js';

describe('vswitch functions', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const create = (params: object) =>
    h.smapi('Virtual_Network_Vswitch_Create_Extended', '*', params);
  const detail = async (name: string) =>
    (
      await h.smapi<VswitchExtendedInfo[]>('Virtual_Network_Vswitch_Query_Extended', '*', {
        switchName: name,
      })
    ).output?.[0];

  it('lists nothing as 212/40, then the defined switches', async () => {
    expect(await h.smapi('Virtual_Network_Vswitch_Query', '*', { switchName: '*' })).toMatchObject({
      rc: 212,
      rs: 40,
    });
    expect(await create({ switchName: 'vsw2' })).toEqual({ rc: 0, rs: 0 });
    expect(await create({ switchName: 'VSW1', vlanId: 'AWARE' })).toEqual({ rc: 0, rs: 0 });
    expect(await h.smapi('Virtual_Network_Vswitch_Query', '*', { switchName: '*' })).toEqual({
      rc: 0,
      rs: 0,
      output: ['VSW1', 'VSW2'],
    });
  });

  it('creates with the given attributes and refuses a duplicate with 212/36', async () => {
    expect(
      await create({
        switchName: 'VSW1',
        realDeviceAddress: '1111 2222',
        connectionValue: 'connect',
        queueMemoryLimit: 5,
        transportType: 'IP',
        vlanId: 10,
        portType: 'TRUNK',
        gvrpValue: 'NOGVRP',
        nativeVlanid: 7,
        routingValue: 'PRIROUTER',
        persist: false,
      }),
    ).toEqual({ rc: 0, rs: 0 });
    expect(await create({ switchName: 'vsw1' })).toMatchObject({ rc: 212, rs: 36 });
    const d = await detail('VSW1');
    expect(d).toMatchObject({
      switchName: 'VSW1',
      transportType: 'IP',
      portType: 'TRUNK',
      queueMemoryLimit: '5',
      routingValue: 'PRIROUTER',
      vlanAwareness: 'AWARE',
      vlanId: '10',
      nativeVlanId: '7',
      gvrpRequestAttribute: 'NOGVRP',
      switchStatus: '8',
      switchType: 'QDIO',
      authorizedUsers: [],
      adapters: [],
    });
    expect(d?.realDevices.map((r) => [r.realDeviceAddress, r.deviceStatus])).toEqual([
      ['1111', '1'],
      ['2222', '1'],
    ]);
  });

  it.each([
    [{ switchName: 'TOOLONGNAME' }, 213],
    [{ switchName: 'V1', realDeviceAddress: '1 2 3 4' }, 313],
    [{ switchName: 'V1', realDeviceAddress: 'XYZ' }, 316],
    [{ switchName: 'V1', queueMemoryLimit: 9 }, 618],
    [{ switchName: 'V1', queueMemoryLimit: 0 }, 615],
    [{ switchName: 'V1', connectionValue: 'MAYBE' }, 519],
    [{ switchName: 'V1', transportType: 'FDDI' }, 719],
    [{ switchName: 'V1', vlanId: 4095 }, 818],
    [{ switchName: 'V1', vlanId: 'AWARE', portType: 'HYBRID' }, 919],
    [{ switchName: 'V1', vlanId: 'AWARE', nativeVlanid: 0 }, 1115],
    [{ switchName: 'V1', routingValue: 'SOMETIMES' }, 1219],
    [{ switchName: 'V1', controllerName: 'BAD!' }, 443],
  ])('refuses bad create parameters %j with a syntax error', async (params, rs) => {
    expect(await create(params)).toMatchObject({ rc: 24, rs });
  });

  it.each(['NONROUTER', 'PRIROUTER'])(
    'accepts ETHERNET with routing_value=%s (the reference sends one) and ignores it',
    async (routingValue) => {
      const reference = {
        switchName: 'VSW9',
        connectionValue: 'CONNECT',
        queueMemoryLimit: 8,
        transportType: 'ETHERNET',
        vlanId: 'UNAWARE',
        routingValue,
        persist: true,
      };
      expect(await create(reference)).toEqual({ rc: 0, rs: 0 });
      expect(await detail('VSW9')).toMatchObject({ transportType: 'ETHERNET', routingValue: 'NA' });
    },
  );

  it('grants, sets a user VLAN, revokes; VLAN ids need a VLAN-aware switch', async () => {
    await create({ switchName: 'AWARE1', vlanId: 'AWARE' });
    await create({ switchName: 'PLAIN' });
    const set = (params: object) => h.smapi('Virtual_Network_Vswitch_Set_Extended', '*', params);
    expect(await set({ switchName: 'AWARE1', grantUserid: 'linux01' })).toEqual({ rc: 0, rs: 0 });
    expect(await set({ switchName: 'AWARE1', grantUserid: 'LINUX01' })).toEqual({ rc: 0, rs: 0 });
    expect(await set({ switchName: 'AWARE1', grantUserid: 'LINUX01', userVlanId: 100 })).toEqual({
      rc: 0,
      rs: 0,
    });
    expect((await detail('AWARE1'))?.authorizedUsers).toEqual([
      {
        portNum: '1',
        grantUserid: 'LINUX01',
        promiscuousMode: 'NOPROM',
        osdSim: 'NOOSDSIM',
        vlanCount: '1',
        userVlanIds: ['100'],
      },
    ]);
    expect(await set({ switchName: 'PLAIN', grantUserid: 'LINUX01', userVlanId: 5 })).toMatchObject(
      { rc: 396, rs: 2846 },
    );
    expect(await set({ switchName: 'PLAIN', grantUserid: 'LINUX01' })).toEqual({ rc: 0, rs: 0 });
    const plain = await detail('PLAIN');
    // no port type and VLAN 0 on a VLAN-unaware switch, as the reference's client prints them
    expect(plain).toMatchObject({ portType: 'NONE', vlanId: '0', nativeVlanId: '0' });
    expect(plain?.authorizedUsers[0]).toMatchObject({ vlanCount: '1', userVlanIds: ['0'] });
    expect(
      await set({ switchName: 'AWARE1', grantUserid: 'LINUX01', userVlanId: 0 }),
    ).toMatchObject({ rc: 24 });
    expect(await set({ switchName: 'NOSUCH', grantUserid: 'LINUX01' })).toMatchObject({
      rc: 212,
      rs: 40,
    });
    expect(await set({ switchName: 'AWARE1', revokeUserid: 'LINUX01' })).toEqual({ rc: 0, rs: 0 });
    expect((await detail('AWARE1'))?.authorizedUsers).toEqual([]);
    expect(await set({ switchName: 'AWARE1' })).toMatchObject({ rc: 24 });
  });

  it('shows the running NICs coupled to it as adapters; deletion uncouples them', async () => {
    await create({ switchName: 'VSW1' });
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: LINUX01 });
    await h.smapi('Image_Activate', 'LINUX01');
    const u = h.sim.state.user('LINUX01');
    if (!u) throw new Error('no user');
    u.activeNics = {
      '1000': { vdev: '1000', type: 'QDIO', mac: '02:00:00:00:00:0A', vswitch: 'VSW1' },
      '2000': { vdev: '2000', type: 'QDIO', mac: '02:00:00:00:00:0B' },
    };
    expect((await detail('VSW1'))?.adapters).toEqual([
      {
        adapterOwner: 'LINUX01',
        adapterVdev: '1000',
        adapterMacaddr: '02-00-00-00-00-0A',
        adapterType: 'QDIO',
      },
    ]);
    const del = { switchName: 'VSW1', persist: true };
    expect(await h.smapi('Virtual_Network_Vswitch_Delete_Extended', '*', del)).toEqual({
      rc: 0,
      rs: 0,
    });
    expect(u.activeNics['1000'].vswitch).toBeUndefined();
    expect(await h.smapi('Virtual_Network_Vswitch_Delete_Extended', '*', del)).toMatchObject({
      rc: 212,
      rs: 40,
    });
    expect(await h.smapi('Virtual_Network_Vswitch_Query_Extended', '*', del)).toMatchObject({
      rc: 212,
      rs: 40,
    });
  });
});
