import { nicHelpers } from './support/nic-helpers.js';
import { TestStack } from './support/stack.js';
import { disk, guestBody } from './support/fixtures.js';

/**
 * Issue scenario, through the API only as a client would: a VLAN-aware vswitch, a guest granted
 * on it with a VLAN, a NIC coupled to it; the switch then shows the guest among its authorised
 * users and adapters, the NIC records and counters follow, and deleting the guest clears it all.
 */
describe('network scenario', () => {
  let stack: TestStack;
  const { getWithBody } = nicHelpers(() => stack);
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
  });
  afterAll(() => stack.close());

  const http = (method: string, path: string, body?: unknown) =>
    stack.http(method, path, body === undefined ? {} : { body });
  const vswitch = async () => (await http('GET', '/vswitches/VSWSCN')).body.output;

  it('couples a guest to a VLAN-aware vswitch and sees it there; deleting the guest clears it', async () => {
    expect(
      (await http('POST', '/vswitches', { vswitch: { name: 'vswscn', vid: 'AWARE' } })).status,
    ).toBe(200);
    const guest = guestBody({ userid: 'SCN01', memory: 1024, disks: [disk('1g')] });
    expect((await http('POST', '/guests', guest)).status).toBe(200);
    expect(
      (await http('PUT', '/vswitches/VSWSCN', { vswitch: { grant_userid: 'scn01' } })).status,
    ).toBe(200);
    expect(
      (
        await http('PUT', '/vswitches/VSWSCN', {
          vswitch: { user_vlan_id: { userid: 'scn01', vlanid: 10 } },
        })
      ).status,
    ).toBe(200);

    const nic = await http('POST', '/guests/scn01/nic', { nic: { nic_id: 'port-scn01' } });
    expect(nic.body.output).toBe('1000');
    const coupled = await http('PUT', '/guests/scn01/nic/1000', {
      info: { couple: true, vswitch: 'VSWSCN', vlan_id: 10 },
    });
    expect(coupled.status).toBe(200);
    expect((await http('POST', '/guests/SCN01/action', { action: 'start' })).status).toBe(200);

    const sw = await vswitch();
    expect(sw.vlan_awareness).toBe('AWARE');
    expect(sw.authorized_users.SCN01).toMatchObject({ vlan_ids: ['10'] });
    expect(sw.adapters).toEqual({ SCN01_1000: { mac: expect.any(String), type: 'QDIO' } });

    const record = {
      userid: 'SCN01',
      interface: '1000',
      switch: 'VSWSCN',
      port: 'port-scn01',
      comments: null,
    };
    expect((await http('GET', '/guests/nics?vswitch=VSWSCN')).body.output).toEqual([record]);
    const byPort = await getWithBody('/vswitch', { portid: 'port-scn01' });
    expect(byPort.status).toBe(200);
    expect(byPort.body.output).toEqual([record]);

    // the running NIC's counters move between reads
    const frames = async () =>
      (await http('GET', '/guests/interfacestats?userid=scn01')).body.output.SCN01[0];
    const first = await frames();
    expect(first).toMatchObject({ vswitch_name: 'VSWSCN', nic_vdev: '1000' });
    await new Promise((r) => setTimeout(r, 1200));
    expect((await frames()).nic_rx).toBeGreaterThan(first.nic_rx);

    expect((await http('DELETE', '/guests/SCN01')).status).toBe(200);
    const after = await vswitch();
    expect(after.authorized_users).toEqual({});
    expect(after.adapters).toEqual({});
    expect((await http('GET', '/guests/nics?userid=SCN01')).body.output).toEqual([]);
  });
});
