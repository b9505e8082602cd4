import { request } from './support/http.js';
import { importSampleImage } from './support/sample-image.js';
import { TestStack } from './support/stack.js';
import { bootDisk, guestBody } from './support/fixtures.js';

/** POST/DELETE /guests/{userid}/interface (spec §4.6): NICs plus the guest OS's network. */
describe('guest network interfaces', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
    await importSampleImage(stack, 'nif-img');
  });
  afterAll(() => stack.close());

  const sim = (method: string, path: string, body?: unknown) =>
    request(stack.simUrl, method, path, { body });
  const simUser = async (id: string) =>
    (await sim('GET', '/admin/state')).body.users.find((u: any) => u.userid === id);
  const inGuest = async (userid: string, cmd: string): Promise<string[]> =>
    (await sim('POST', `/mgmt/execcmd?userid=${userid}&cmd=${encodeURIComponent(cmd)}`)).body.lines;
  const action = (userid: string, body: object) =>
    stack.http('POST', `/guests/${userid}/action`, { body });
  const createInterface = (userid: string, body: object) =>
    stack.http('POST', `/guests/${userid}/interface`, { body: { interface: body } });

  async function guest(userid: string, start: boolean): Promise<void> {
    const r = await stack.http('POST', '/guests', {
      body: guestBody({ userid, memory: 1024, disks: [bootDisk('10')] }),
    });
    expect(r.status).toBe(200);
    expect((await action(userid, { action: 'deploy', image: 'nif-img' })).status).toBe(200);
    if (start) expect((await action(userid, { action: 'start' })).status).toBe(200);
  }

  const NETWORKS = [
    {
      ip_addr: '192.168.95.10',
      cidr: '192.168.95.0/24',
      gateway_addr: '192.168.95.1',
      dns_addr: ['9.0.2.1', '9.0.3.1'],
      hostname: 'web01',
      nic_id: 'port-a',
    },
    { nic_vdev: '2000', method: 'dhcp', note: 'extra keys are kept' },
  ];

  it('creates NICs and configures the running guest at once, answering nic_vdev', async () => {
    await guest('NIF01', true);
    const r = await createInterface('NIF01', {
      os_version: 'RHEL9.0',
      guest_networks: NETWORKS,
      active: true,
    });
    expect(r.status).toBe(200);
    expect(r.body.output).toEqual([
      { ...NETWORKS[0], nic_vdev: '1000' },
      { ...NETWORKS[1], nic_vdev: '2000' },
    ]);
    const u = await simUser('NIF01');
    expect(u.directory.filter((l: string) => l.startsWith('NICDEF'))).toEqual([
      'NICDEF 1000 TYPE QDIO DEVICES 3',
      'NICDEF 2000 TYPE QDIO DEVICES 3',
    ]);
    expect(Object.keys(u.activeNics)).toEqual(['1000', '2000']);
    expect(u.guestNetwork.hostname).toBe('web01');
    expect(u.guestNetwork.interfaces['1000']).toMatchObject({
      device: 'enc1000',
      ip: '192.168.95.10',
      prefix: 24,
      gateway: '192.168.95.1',
      dns: ['9.0.2.1', '9.0.3.1'],
    });
    expect(await inGuest('NIF01', 'hostname')).toEqual(['web01']);
    expect(await inGuest('NIF01', 'ip addr')).toContain(
      '    inet 192.168.95.10/24 scope global enc1000',
    );
    const adapters = (await stack.http('GET', '/guests/NIF01/adapters')).body.output.adapters;
    expect(adapters[0]).toMatchObject({ adapter_address: '1000', mac_ip_address: '192.168.95.10' });
    expect((await stack.http('GET', '/guests/nics?nic_id=port-a')).body.output).toHaveLength(1);

    const del = await stack.http('DELETE', '/guests/NIF01/interface', {
      body: { interface: { os_version: 'rhel9.0', vdev: '1000', active: true } },
    });
    expect(del.status).toBe(200);
    const after = await simUser('NIF01');
    expect(after.directory.filter((l: string) => l.startsWith('NICDEF'))).toEqual([
      'NICDEF 2000 TYPE QDIO DEVICES 3',
    ]);
    expect(Object.keys(after.activeNics)).toEqual(['2000']);
    expect(after.guestNetwork.interfaces['1000']).toBeUndefined();
    expect((await inGuest('NIF01', 'ip addr')).join('\n')).not.toContain('192.168.95.10');
    expect(
      (await stack.http('GET', '/guests/nics?userid=NIF01')).body.output.map(
        (n: any) => n.interface,
      ),
    ).toEqual(['2000']);
  });

  it('leaves the configuration in the reader of a stopped guest until it boots', async () => {
    await guest('NIF02', false);
    const r = await createInterface('NIF02', {
      os_version: 'sles15',
      guest_networks: [{ ip_addr: '10.1.0.5', cidr: '10.1.0.0/16', nic_vdev: '0800' }],
    });
    expect(r.status).toBe(200);
    expect(r.body.output[0].nic_vdev).toBe('0800');
    expect((await simUser('NIF02')).reader.map((f: any) => f.name)).toContain('network.doscript');
    expect((await action('NIF02', { action: 'start' })).status).toBe(200);
    expect((await simUser('NIF02')).guestNetwork.interfaces['0800']).toMatchObject({
      ip: '10.1.0.5',
      prefix: 16,
      file: '/etc/sysconfig/network/ifcfg-enc800',
    });
    expect(await inGuest('NIF02', 'ip addr')).toContain('    inet 10.1.0.5/16 scope global enc800');
  });

  it('checks input, the guest and its state as the reference', async () => {
    await guest('NIF03', false);
    const bad = async (body: object, field: string) => {
      const r = await createInterface('NIF03', body);
      expect(r.status).toBe(400);
      expect(r.body.errmsg).toContain(field);
    };
    await bad({ os_version: 'rhel9.0', guest_networks: [{ ip_addr: '1.2.3' }] }, 'ip_addr');
    await bad({ os_version: 'rhel9.0', guest_networks: [{ ip_addr: '1.2.3.4' }] }, 'cidr');
    await bad({ os_version: 'centos7', guest_networks: [{}] }, 'os_version');
    await bad({ os_version: 'rhel9.0', guest_networks: [{ mac_addr: 'zz' }] }, 'mac_addr');
    await bad({ guest_networks: [{}] }, "'os_version' is a required property");

    const off = await createInterface('NIF03', {
      os_version: 'rhel9.0',
      guest_networks: [{}],
      active: true,
    });
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({ rs: 1, modID: 20 });
    const unknown = await createInterface('NOTEXIST', {
      os_version: 'rhel9.0',
      guest_networks: [{}],
    });
    expect(unknown.status).toBe(404);
    // guest_networks: [] passes the schema (no minItems); the api checks the guest, then the list
    const emptyUnknown = await createInterface('NOTEXIST', {
      os_version: 'rhel9.0',
      guest_networks: [],
    });
    expect(emptyUnknown.status).toBe(404);
    expect(emptyUnknown.body).toEqual({
      overallRC: 404,
      rc: 404,
      rs: 1,
      modID: 10,
      errmsg: "Guest 'NOTEXIST' does not exist.",
      output: '',
    });
    // and before the guest's state: the reference's create_nic, which refuses a logged-off
    // guest, is never reached
    const empty = await createInterface('NIF03', {
      os_version: 'rhel9.0',
      guest_networks: [],
      active: true,
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      overallRC: 100,
      rc: 100,
      rs: 3,
      modID: 400,
      errmsg:
        'Invalid API arg format, error: API guest_create_network_interface: ' +
        'Network information is required but not provided',
      output: '',
    });
    const delUnknown = await stack.http('DELETE', '/guests/NOTEXIST/interface', {
      body: { interface: { os_version: 'rhel9.0', vdev: '1000' } },
    });
    expect(delUnknown.status).toBe(404);
    const delBad = await stack.http('DELETE', '/guests/NIF03/interface', {
      body: { interface: { os_version: 'rhel9.0', vdev: 'GGGG' } },
    });
    expect(delBad.status).toBe(400);
    expect(delBad.body.errmsg).toContain('vdev');
  });
});
