import { request } from './support/http.js';
import { TestStack } from './support/stack.js';

const W1 = '0x5005076802100c1a';
const W2 = '0x5005076802200c1a';
const LUN2 = '0x0002000000000000';
const GUEST = 'VOLB1';

/** Spec §4.11 refresh_bootmap and the template statistics (reference §8.6). */
describe('refresh_bootmap and template statistics', () => {
  let stack: TestStack;
  /** A template of two paths (its minimum: both). */
  let t: string;
  const sim = (method: string, path: string, body?: unknown) =>
    request(stack.simUrl, method, path, body === undefined ? {} : { body });
  const conn = async (userid: string, reserve: boolean, tmpl: string) =>
    (await stack.http('GET', `/volumes/conn/${userid}?reserve=${reserve}&fcp_template_id=${tmpl}`))
      .body.output;
  const attach = (over: Record<string, unknown>) =>
    stack.http('POST', '/guests/volumes', {
      body: {
        info: {
          connection: {
            assigner_id: GUEST,
            target_wwpn: [W1, W2],
            os_version: 'rhel9.0',
            multipath: true,
            mount_point: '/dev/sdz',
            ...over,
          },
        },
      },
    });

  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
    // a defined guest, logged off: attach punches its script for the next boot
    const made = await sim('POST', '/smapi/Image_Create_DM', {
      target: GUEST,
      params: { directory: [`USER ${GUEST} PW 1G 2G G`] },
    });
    expect(made.body.rc).toBe(0);
    const tmpl = await stack.http('POST', '/volumes/fcptemplates', {
      body: { name: 'twopaths', fcp_devices: '1a04-1a05;1b04-1b05' },
    });
    t = tmpl.body.output.fcp_template.id;
  });
  afterAll(() => stack.close());

  it('refresh_bootmap finds the paths to a root volume and gives the FCPs back (§4.11)', async () => {
    const owners = async (ids: string[]) => {
      const inv = (await sim('GET', '/admin/fcp')).body.devices;
      return ids.map((f) => inv.find((d: any) => d.fcpId === f.toUpperCase()).owner);
    };
    const refresh = (info: Record<string, unknown>) =>
      stack.http('PUT', '/volumes/volume_refresh_bootmap', {
        body: {
          info: {
            fcpchannel: ['1a06', '1B06'],
            wwpn: [W1, W2.slice(2).toUpperCase()],
            lun: '0x0000000000000000',
            ...info,
          },
        },
      });
    const ok = await refresh({});
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ overallRC: 0, rc: 0, rs: 0, errmsg: '', modID: null });
    const both = [W1.slice(2), W2.slice(2)];
    expect(ok.body.output).toEqual({ '1a06': both, '1b06': both });
    expect(await owners(['1a06', '1b06'])).toEqual([null, null]);

    // the script's failures: volume rs 5 with its exit code and Exit MSG
    const noPath = await refresh({ wwpn: ['0x5005076802300c1a'] });
    expect(noPath.status).toBe(500);
    expect(noPath.body).toMatchObject({ overallRC: 300, rc: 300, rs: 5, modID: 30, output: '' });
    expect(noPath.body.errmsg).toContain('return code: 10');
    expect(noPath.body.errmsg).toContain('Exit MSG: No valid paths found');
    const offline = await refresh({ fcpchannel: ['1a06', '1a0f'] });
    expect(offline.body).toMatchObject({ rs: 5 });
    expect(offline.body.errmsg).toContain('return code: 3');
    expect(await owners(['1a06', '1a0f'])).toEqual([null, null]);
    // the template's minimum (its 2 paths) is more than one FCP can give
    const min = await refresh({ fcpchannel: ['1a06'], fcp_template_id: t });
    expect(min.body).toMatchObject({ rs: 5 });
    expect(min.body.errmsg).toContain('return code: 10');
    expect((await refresh({ fcpchannel: ['1a06', '1b06'], fcp_template_id: t })).status).toBe(200);
    expect((await refresh({ fcp_template_id: 'nope' })).status).toBe(404);

    // RHCOS: guest networks need the ignition file (volume rs 10)
    const networks = [
      {
        ip_addr: '192.168.95.10',
        cidr: '192.168.95.0/24',
        gateway_addr: '192.168.95.1',
        nic_vdev: '1000',
        hostname: 'rhcos1',
      },
    ];
    const noIgnition = await refresh({ guest_networks: networks });
    expect(noIgnition.status).toBe(500);
    expect(noIgnition.body).toMatchObject({ overallRC: 300, rs: 10, modID: 30 });
    const rhcos = await refresh({
      guest_networks: networks,
      transportfiles: '/var/ign/rhcos1.ign',
    });
    expect(rhcos.status).toBe(200);
    expect(rhcos.body.output).toEqual({ '1a06': both, '1b06': both });

    // bad input names the field
    // documented as an operation route with its body schema
    const doc = (await stack.http('GET', '/openapi.json')).body;
    expect(doc.paths['/volumes/volume_refresh_bootmap'].put).toBeDefined();

    const noLun = await stack.http('PUT', '/volumes/volume_refresh_bootmap', {
      body: { info: { fcpchannel: ['1a06'], wwpn: [W1] } },
    });
    expect(noLun.status).toBe(400);
    expect(noLun.body.errmsg).toContain('lun');
  });

  it('template statistics after a mixed sequence match every key (§8.6)', async () => {
    const made = await stack.http('POST', '/volumes/fcptemplates', {
      body: { name: 'stats', fcp_devices: '1a00-1a03,1a0f;1b00-1b03,1b0f,1c00' },
    });
    const s = made.body.output.fcp_template.id;
    // reserve and attach: one FCP per path allocated and dedicated
    const [a, b] = (await conn(GUEST, true, s)).zvm_fcp as string[];
    expect(a).toMatch(/^1a0[0-3]$/);
    expect(b).toMatch(/^1b0[0-3]$/);
    expect((await attach({ zvm_fcp: [a, b], fcp_template_id: s, target_lun: LUN2 })).status).toBe(
      200,
    );
    // rows set by hand: c connections without reservation, d reserved without connections
    const p0 = ['1a00', '1a01', '1a02', '1a03'];
    const p1 = ['1b00', '1b01', '1b02', '1b03'];
    const c = p0.find((f) => f !== a) as string;
    const [d, e] = p1.filter((f) => f !== b);
    const usage = (fcp: string, reserved: number, connections: number) =>
      stack.http('PUT', `/volumes/fcp/${fcp}`, {
        body: { info: { userid: 'volx9', reserved, connections, fcp_template_id: s } },
      });
    expect((await usage(c, 0, 2)).status).toBe(200);
    expect((await usage(d, 1, 0)).status).toBe(200);
    // e is taken by a user outside the service
    await sim('POST', '/smapi/Image_Create_DM', {
      target: 'OTHERV2',
      params: { directory: ['USER OTHERV2 PW 1G 2G G'] },
    });
    const ded = await sim('POST', '/smapi/Image_Device_Dedicate_DM', {
      target: 'OTHERV2',
      params: { vdev: e, realDevice: e },
    });
    expect(ded.body.rc).toBe(0);
    // in use once OTHERV2 runs
    expect((await sim('POST', '/smapi/Image_Activate', { target: 'OTHERV2' })).body.rc).toBe(0);
    // and an operator varies one more device of path 0 offline
    const off = p0.find((f) => f !== a && f !== c) as string;
    expect((await sim('PUT', `/admin/fcp/${off}`, { online: false })).status).toBe(200);

    const U = (f: string) => f.toUpperCase();
    /** The consecutive runs of sorted ids, as the reference prints them. */
    const shrink = (ids: string[]) => {
      const n = [...ids].map((f) => parseInt(f, 16)).sort((x, y) => x - y);
      const runs: string[] = [];
      for (let i = 0; i < n.length;) {
        let j = i;
        while (j + 1 < n.length && n[j + 1] === n[j] + 1) j += 1;
        const hex = (v: number) => v.toString(16).toUpperCase().padStart(4, '0');
        runs.push(j > i ? `${hex(n[i])} - ${hex(n[j])}` : hex(n[i]));
        i = j + 1;
      }
      return runs.join(', ');
    };
    const res = await stack.http(
      'GET',
      `/volumes/fcptemplates/detail?template_id_list=['${s}']&statistics=true&sync_with_zvm=true`,
    );
    expect(res.status).toBe(200);
    expect(res.body.output.fcp_templates[0].statistics).toEqual({
      '0': {
        total: '1A00 - 1A03, 1A0F',
        total_count: { '02E0': 4, '02E4': 1 },
        single_fcp: '1A0F',
        range_fcp: '1A00 - 1A03',
        available: shrink(p0.filter((f) => ![a, c, off].includes(f))),
        available_count: { '02E0': 1 },
        allocated: U(a),
        reserve_only: '',
        connection_only: U(c),
        unallocated_but_active: {},
        // a is dedicated to VOLB1, which is logged off: CP shows it free
        allocated_but_free: shrink([a, c]),
        notfound: '',
        offline: shrink([off, '1a0f']),
        chpids: { '27': '1A00 - 1A03', '28': '1A0F' },
        pchids: { '02E0': '27', '02E4': '28' },
      },
      '1': {
        total: '1B00 - 1B03, 1B0F, 1C00',
        total_count: { '0300': 4, '0304': 1, notfound: 1 },
        single_fcp: '1B0F, 1C00',
        range_fcp: '1B00 - 1B03',
        available: U(p1.find((f) => ![b, d, e].includes(f)) as string),
        available_count: { '0300': 1 },
        allocated: U(b),
        reserve_only: U(d),
        connection_only: '',
        unallocated_but_active: { [U(e)]: 'OTHERV2', '1B0F': 'OTHERVM' },
        allocated_but_free: U(b),
        notfound: '1C00',
        offline: '',
        chpids: { '29': '1B00 - 1B03', '2A': '1B0F' },
        pchids: { '0300': '29', '0304': '2A' },
      },
    });
  });
});
