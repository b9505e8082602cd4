import { request } from './support/http.js';
import { nicHelpers } from './support/nic-helpers.js';
import { TestStack } from './support/stack.js';

/** NIC reads (spec §4.5, GET /vswitch), counters and register_vm records, against the simulator. */
describe('guest NIC reads', () => {
  let stack: TestStack;
  const { sim, nicRecords, createNic, couple, createGuest, getWithBody } = nicHelpers(() => stack);
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
    await sim('POST', '/smapi/Virtual_Network_Vswitch_Create_Extended', {
      target: '*',
      params: { switchName: 'VSWAWARE', vlanId: 'AWARE' },
    });
  });
  afterAll(() => stack.close());
  afterEach(() => sim('DELETE', '/admin/faults'));

  it('counts the traffic of running coupled NICs; off and unknown guests as the reference', async () => {
    await createGuest('NIC06');
    await createGuest('NIC07');
    await createNic('NIC06', {});
    await couple('NIC06', '1000', { couple: true, vswitch: 'VSWAWARE' });
    expect(
      (await stack.http('POST', '/guests/NIC06/action', { body: { action: 'start' } })).status,
    ).toBe(200);

    const read = async () =>
      (await stack.http('GET', '/guests/interfacestats?userid=nic06, NIC07')).body;
    const first = await read();
    expect(first.overallRC).toBe(0);
    expect(Object.keys(first.output)).toEqual(['NIC06']); // NIC07 is off
    expect(first.output.NIC06).toEqual([
      expect.objectContaining({ vswitch_name: 'VSWAWARE', nic_vdev: '1000' }),
    ]);
    await new Promise((r) => setTimeout(r, 300));
    const [a, b] = [first.output.NIC06[0], (await read()).output.NIC06[0]];
    for (const k of ['nic_fr_rx', 'nic_fr_tx', 'nic_rx', 'nic_tx'])
      expect(b[k]).toBeGreaterThan(a[k]);
    expect(b.nic_fr_rx_err).toBeLessThan(b.nic_fr_rx / 1000);

    const unknown = await stack.http('GET', '/guests/interfacestats?userid=NIC06,NOTEXIST');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errmsg).toContain('NOTEXIST');
    expect((await stack.http('GET', '/guests/interfacestats?userid=@@@')).status).toBe(400);
    expect((await stack.http('GET', '/guests/interfacestats')).body.output).toEqual({});
  });

  it('lists the NICs of a port id from the JSON body of GET /vswitch, or its query', async () => {
    await createGuest('NIC08');
    await createNic('NIC08', { nic_id: 'port-8' });
    const byBody = await getWithBody('/vswitch', { portid: 'port-8' });
    expect(byBody.status).toBe(200);
    expect(byBody.body.output).toEqual([
      { userid: 'NIC08', interface: '1000', switch: null, port: 'port-8', comments: null },
    ]);
    expect((await stack.http('GET', '/vswitch?portid=port-8')).body.output).toHaveLength(1);
    expect((await stack.http('GET', '/vswitch?portid=nothing')).body.output).toEqual([]);
    const none = await stack.http('GET', '/vswitch');
    expect(none.status).toBe(400); // the reference answers 500 (KeyError)
    expect(none.body.errmsg).toContain('portid');
  });

  it('register_vm records the running NICs of a guest, ports by MAC', async () => {
    const smapi = (fn: string, target: string, params?: object) =>
      sim('POST', `/smapi/${fn}`, { target, params });
    await smapi('Image_Create_DM', 'ADOPTN', { directory: ['USER ADOPTN PW 1G 2G G'] });
    await smapi('Virtual_Network_Adapter_Create_Extended_DM', 'ADOPTN', {
      vdev: '0600',
      macId: 'C0FFEE',
    });
    await smapi('Virtual_Network_Adapter_Connect_Vswitch_DM', 'ADOPTN', {
      vdev: '0600',
      vswitch: 'VSWAWARE',
    });
    await smapi('Virtual_Network_Adapter_Create_Extended_DM', 'ADOPTN', { vdev: '0700' });
    await smapi('Image_Activate', 'ADOPTN');
    const r = await stack.http('POST', '/guests/ADOPTN/action', {
      body: { action: 'register_vm', meta: '{}', net_set: '1', port_macs: { c0ffee: 'port-x' } },
    });
    expect(r.status).toBe(200);
    expect((await nicRecords('?userid=ADOPTN')).output).toEqual([
      { userid: 'ADOPTN', interface: '0600', switch: 'VSWAWARE', port: 'port-x', comments: null },
      { userid: 'ADOPTN', interface: '0700', switch: null, port: null, comments: null },
    ]);
    // the records go with the guest
    expect((await stack.http('DELETE', '/guests/ADOPTN')).status).toBe(200);
    expect((await nicRecords('?userid=ADOPTN')).output).toEqual([]);
  });

  it('lists the NIC routes in the OpenAPI document', async () => {
    const doc = (await request(stack.url, 'GET', '/openapi.json')).body;
    expect(Object.keys(doc.paths['/guests/{userid}/nic'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/guests/{userid}/nic/{vdev}']).sort()).toEqual(['delete', 'put']);
    expect(Object.keys(doc.paths['/guests/{userid}/interface']).sort()).toEqual(['delete', 'post']);
    for (const path of [
      '/guests/nics',
      '/guests/interfacestats',
      '/guests/{userid}/adapters',
      '/vswitch',
    ]) {
      expect(Object.keys(doc.paths[path])).toEqual(['get']);
    }
  });

  it('reads adapters of any user: unknown → 404, logged off → none', async () => {
    expect((await stack.http('GET', '/guests/NOSUCHU/adapters')).status).toBe(404);
    await createGuest('NIC09');
    await createNic('NIC09', {});
    const off = await stack.http('GET', '/guests/NIC09/adapters');
    expect(off.status).toBe(200);
    expect(off.body.output).toEqual({ adapters: [] });
    expect((await stack.http('GET', '/guests/@@@@@/adapters')).status).toBe(400);
  });
});
