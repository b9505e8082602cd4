import { request } from './support/http.js';
import { importSampleImage } from './support/sample-image.js';
import { TestStack } from './support/stack.js';
import { bootDisk, guestBody } from './support/fixtures.js';

const W1 = '0x5005076802100c1a';
const W2 = '0x5005076802200c1a';
const LUN1 = '0x0001000000000000';
const LUN2 = '0x0002000000000000';
const GUEST = 'VOLG1';

/**
 * Reference §8.1–8.3 against a running guest: the attach/detach scripts run in its OS (the
 * simulator's guest model), so failures can come from the guest, and every rollback must leave
 * the database, the dedications and the guest's volume view as they were.
 */
describe('volumes in a running guest', () => {
  let stack: TestStack;
  let t: string;
  let fcps: string[];
  const sim = (method: string, path: string, body?: unknown) =>
    request(stack.simUrl, method, path, body === undefined ? {} : { body });
  const os = (settings: Record<string, boolean>) =>
    sim('PUT', `/admin/guests/${GUEST}/os`, settings);
  const fault = (body: Record<string, unknown>) =>
    sim('POST', '/admin/faults', { times: 1, ...body });
  const conn = async (userid: string, reserve: boolean, tmpl: string) =>
    (await stack.http('GET', `/volumes/conn/${userid}?reserve=${reserve}&fcp_template_id=${tmpl}`))
      .body.output;
  const connection = (over: Record<string, unknown> = {}) => ({
    info: {
      connection: {
        assigner_id: GUEST.toLowerCase(),
        zvm_fcp: fcps,
        fcp_template_id: t,
        target_wwpn: [W1, W2],
        target_lun: LUN1,
        os_version: 'rhel9.0',
        multipath: true,
        mount_point: '/dev/sdz',
        ...over,
      },
    },
  });
  const attach = (over: Record<string, unknown> = {}) =>
    stack.http('POST', '/guests/volumes', { body: connection(over) });
  const detach = (over: Record<string, unknown> = {}) =>
    stack.http('DELETE', '/guests/volumes', { body: connection(over) });

  /** Everything attach/detach may touch: usage rows, dedications, reader, the guest's volumes. */
  const world = async () => {
    const usage = [];
    for (const f of fcps) usage.push((await stack.http('GET', `/volumes/fcp/${f}`)).body.output);
    const inv = (await sim('GET', '/admin/fcp')).body.devices;
    const owners = fcps.map((f) => inv.find((d: any) => d.fcpId === f.toUpperCase()).owner);
    const state = (await sim('GET', '/admin/state')).body;
    // deploy's iucvauth.sh waits in the reader too; only the volume scripts are ours
    const reader = state.users
      .find((u: any) => u.userid === GUEST)
      .reader.map((r: any) => r.name)
      .filter((n: string) => /^(at|de)vol\.sh$/.test(n));
    // the directory holds a DEDICATE statement exactly for the FCPs the guest owns
    const directory: string[] = state.users.find((u: any) => u.userid === GUEST).directory;
    const dedicated = inv
      .filter((d: any) => d.owner === GUEST)
      .map((d: any) => `DEDICATE ${d.fcpId} ${d.fcpId}`);
    expect(directory.filter((l) => l.startsWith('DEDICATE')).sort()).toEqual(dedicated.sort());
    const volumes = (await sim('GET', `/admin/guests/${GUEST}/os`)).body.volumes;
    return { usage, owners, reader, volumes };
  };
  const expectScriptFailure = (res: { status: number; body: any }, rs: number, exit: number) => {
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ overallRC: 300, rc: 300, rs, modID: 30, output: '' });
    expect(res.body.errmsg).toContain(`exited with ${exit}`);
  };

  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
    await importSampleImage(stack, 'vol-img');
    const made = await stack.http('POST', '/guests', {
      body: guestBody({ userid: GUEST, memory: 1024, disks: [bootDisk('10')] }),
    });
    expect(made.status).toBe(200);
    const action = (body: object) => stack.http('POST', `/guests/${GUEST}/action`, { body });
    expect((await action({ action: 'deploy', image: 'vol-img' })).status).toBe(200);
    expect((await action({ action: 'start' })).status).toBe(200);
    const created = await stack.http('POST', '/volumes/fcptemplates', {
      body: { name: 'guestvol', fcp_devices: '1a04-1a05;1b04-1b05' },
    });
    t = created.body.output.fcp_template.id;
  });
  afterAll(() => stack.close());
  afterEach(async () => {
    await sim('DELETE', '/admin/faults');
    await os({ multipathd: true, multipathFlushFails: false, iucvAuthorized: true });
  });

  it('typical flow: reserve, attach (visible and mounted in the guest), detach, release', async () => {
    const r = await conn(GUEST, true, t);
    fcps = r.zvm_fcp;
    expect(fcps).toHaveLength(2);
    expect(await world()).toEqual({
      usage: fcps.map(() => [GUEST, 1, 0, t]),
      owners: [null, null],
      reader: [],
      volumes: [],
    });

    const a = await attach();
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ overallRC: 0, output: '' });
    const attached = await world();
    expect(attached).toEqual({
      usage: fcps.map(() => [GUEST, 1, 1, t]),
      owners: [GUEST, GUEST],
      reader: [], // the configuration service took and ran atvol.sh
      volumes: [
        {
          lun: LUN1,
          paths: [
            { fcp: fcps[0], wwpn: W1, device: 'sda' },
            { fcp: fcps[0], wwpn: W2, device: 'sdb' },
            { fcp: fcps[1], wwpn: W1, device: 'sdc' },
            { fcp: fcps[1], wwpn: W2, device: 'sdd' },
          ],
          map: 'mpatha',
          mountPoint: { path: '/dev/sdz', target: '/dev/mapper/mpatha' },
        },
      ],
    });
    // a second volume on the same FCPs: connections 2, no new dedication
    expect((await attach({ target_lun: LUN2, mount_point: '/dev/data' })).status).toBe(200);
    const two = await world();
    expect(two.usage).toEqual(fcps.map(() => [GUEST, 1, 2, t]));
    expect(two.volumes.map((v: any) => [v.lun, v.map, v.mountPoint.path])).toEqual([
      [LUN1, 'mpatha', '/dev/sdz'],
      [LUN2, 'mpathb', '/dev/data'],
    ]);

    expect((await detach({ target_lun: LUN2, mount_point: '/dev/data' })).status).toBe(200);
    expect(await world()).toEqual(attached);
    expect((await detach()).status).toBe(200);
    expect(await world()).toEqual({
      usage: fcps.map(() => [GUEST, 1, 0, t]),
      owners: [null, null],
      reader: [],
      volumes: [],
    });
    const rel = await conn(GUEST, false, t);
    expect(rel.is_reserved_changed).toBe(true);
    expect((await world()).usage).toEqual(fcps.map(() => [GUEST, 0, 0, '']));
  });

  it('attach: a failure in each phase, in the guest too, leaves everything as before', async () => {
    fcps = (await conn(GUEST, true, t)).zvm_fcp;
    const before = await world();
    expect(before.usage).toEqual(fcps.map(() => [GUEST, 1, 0, t]));

    // A: an FCP the guest has not reserved
    expect((await attach({ zvm_fcp: [...fcps, '1a09'] })).status).toBe(404);
    expect(await world()).toEqual(before);
    // B: dedicate refused
    await fault({ function: 'Image_Device_Dedicate_DM', rc: 404, rs: 28 });
    expect((await attach()).body).toMatchObject({ overallRC: 8, rc: 404, rs: 28 });
    expect(await world()).toEqual(before);
    // C: the script cannot be punched
    await fault({ function: 'punch', rc: 8, errmsg: 'punch failed' });
    expect((await attach()).status).toBe(500);
    expect(await world()).toEqual(before);
    // C in the guest: multipathd stopped (exit 1), no WWPN in common (3), LUN not there (4)
    await os({ multipathd: false });
    expectScriptFailure(await attach(), 8, 1);
    expect(await world()).toEqual(before);
    await os({ multipathd: true });
    expectScriptFailure(await attach({ target_wwpn: ['0x5005076802300c1a'] }), 8, 3);
    expect(await world()).toEqual(before);
    expectScriptFailure(await attach({ target_lun: '0x0009000000000000' }), 8, 4);
    expect(await world()).toEqual(before);
    // IUCV refused: volume rs 6, and the punched script does not linger in the reader
    await os({ iucvAuthorized: false });
    const unauth = await attach();
    expect(unauth.status).toBe(500);
    expect(unauth.body).toMatchObject({ overallRC: 300, rs: 6, modID: 30 });
    expect(await world()).toEqual(before);
    await os({ iucvAuthorized: true });

    // with a volume attached, a second one failing in the guest keeps the first intact
    expect((await attach()).status).toBe(200);
    const one = await world();
    await os({ multipathd: false });
    expectScriptFailure(await attach({ target_lun: LUN2 }), 8, 1);
    expect(await world()).toEqual(one);
    await os({ multipathd: true });

    // do_rollback=false: nothing is undone (counted, still dedicated, nothing in the guest)
    expect((await detach()).status).toBe(200);
    expect(await world()).toEqual(before);
    await os({ multipathd: false });
    expectScriptFailure(await attach({ do_rollback: false }), 8, 1);
    expect(await world()).toEqual({
      ...before,
      usage: fcps.map(() => [GUEST, 1, 1, t]),
      owners: [GUEST, GUEST],
    });
    await os({ multipathd: true });
    expect((await detach()).status).toBe(200);
    expect(await world()).toEqual(before);
  });

  it('detach: a failure in each phase, in the guest too, leaves everything as before', async () => {
    fcps = (await conn(GUEST, true, t)).zvm_fcp;
    expect((await attach()).status).toBe(200);
    const after = await world();
    expect(after.volumes).toHaveLength(1);

    // B: the script cannot be punched
    await fault({ function: 'punch', rc: 8, errmsg: 'punch failed' });
    expect((await detach()).status).toBe(500);
    expect(await world()).toEqual(after);
    // B in the guest: multipathd stopped (1), no WWPN in common (3), flush fails (5)
    await os({ multipathd: false });
    expectScriptFailure(await detach(), 9, 1);
    expect(await world()).toEqual(after);
    await os({ multipathd: true });
    expectScriptFailure(await detach({ target_wwpn: ['0x5005076802300c1a'] }), 9, 3);
    expect(await world()).toEqual(after);
    await os({ multipathFlushFails: true });
    expectScriptFailure(await detach(), 9, 5);
    expect(await world()).toEqual(after);
    await os({ multipathFlushFails: false });
    // C: undedicate refused after the guest removed the volume: it is attached again
    await fault({ function: 'Image_Device_Undedicate_DM', rc: 404, rs: 28 });
    expect((await detach()).status).toBe(500);
    expect(await world()).toEqual(after);

    // do_rollback=false: the counters stay down, the volume stays in the guest
    await os({ multipathFlushFails: true });
    expectScriptFailure(await detach({ do_rollback: false }), 9, 5);
    expect(await world()).toEqual({ ...after, usage: fcps.map(() => [GUEST, 1, 0, t]) });
  });

  it('a guest that is off runs the attach script at its next boot, without an error now', async () => {
    const made = await stack.http('POST', '/volumes/fcptemplates', {
      body: { name: 'offguest', fcp_devices: '1a07;1b07' },
    });
    const tmpl = made.body.output.fcp_template.id;
    fcps = (await conn(GUEST, true, tmpl)).zvm_fcp;
    expect(fcps).toEqual(['1a07', '1b07']);
    const action = (body: object) => stack.http('POST', `/guests/${GUEST}/action`, { body });
    expect((await action({ action: 'stop' })).status).toBe(200);
    const before = (await world()).volumes;
    const lun0 = {
      target_lun: '0x0000000000000000',
      fcp_template_id: tmpl,
      mount_point: '/dev/boot',
    };

    const a = await attach(lun0);
    expect(a.status).toBe(200);
    const off = await world();
    expect(off).toEqual({
      usage: fcps.map(() => [GUEST, 1, 1, tmpl]),
      owners: [GUEST, GUEST],
      reader: ['atvol.sh'],
      volumes: before,
    });

    expect((await action({ action: 'start' })).status).toBe(200);
    const on = await world();
    expect(on.reader).toEqual([]);
    const added = on.volumes.filter((v: any) => v.mountPoint?.path === '/dev/boot');
    expect(added).toHaveLength(1);
    expect(added[0].lun).toBe('0x0000000000000000');
    expect(added[0].paths.map((p: any) => p.fcp)).toEqual(['1a07', '1a07', '1b07', '1b07']);
  });
});
