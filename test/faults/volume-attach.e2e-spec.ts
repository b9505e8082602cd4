import { request } from '../support/http.js';
import { importSampleImage } from '../support/sample-image.js';
import { TestStack } from '../support/stack.js';
import { bootDisk, guestBody } from '../support/fixtures.js';

const GUEST = 'VOLF1';

/**
 * A volume attach that fails part-way: the FCPs dedicated before the failure are undone (each
 * registered its undo as it happened), so directory, FCP ownership and database agree again;
 * a guest that refuses the configuration command is volume rs 6.
 */
describe('faults: volume attach', () => {
  let stack: TestStack;
  let t: string;
  let fcps: string[];
  const sim = (method: string, path: string, body?: unknown) =>
    request(stack.simUrl, method, path, body === undefined ? {} : { body });
  const attach = () =>
    stack.http('POST', '/guests/volumes', {
      body: {
        info: {
          connection: {
            assigner_id: GUEST.toLowerCase(),
            zvm_fcp: fcps,
            fcp_template_id: t,
            target_wwpn: ['0x5005076802100c1a', '0x5005076802200c1a'],
            target_lun: '0x0001000000000000',
            os_version: 'rhel9.0',
            multipath: true,
            mount_point: '/dev/sdz',
          },
        },
      },
    });
  /** FCP usage rows, owners in the hypervisor, and DEDICATE statements of the guest. */
  const world = async () => {
    const usage = [];
    for (const f of fcps) usage.push((await stack.http('GET', `/volumes/fcp/${f}`)).body.output);
    const inv = (await sim('GET', '/admin/fcp')).body.devices as {
      fcpId: string;
      owner: string | null;
    }[];
    const owners = fcps.map((f) => inv.find((d) => d.fcpId === f.toUpperCase())!.owner);
    const state = (await sim('GET', '/admin/state')).body;
    const directory: string[] = state.users.find(
      (u: { userid: string }) => u.userid === GUEST,
    ).directory;
    return { usage, owners, dedicated: directory.filter((l) => l.startsWith('DEDICATE')) };
  };

  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'process' });
    await importSampleImage(stack, 'volf-img');
    const made = await stack.http('POST', '/guests', {
      body: guestBody({ userid: GUEST, memory: 1024, disks: [bootDisk('10')] }),
    });
    expect(made.status).toBe(200);
    const action = (body: object) => stack.http('POST', `/guests/${GUEST}/action`, { body });
    expect((await action({ action: 'deploy', image: 'volf-img' })).status).toBe(200);
    expect((await action({ action: 'start' })).status).toBe(200);
    const created = await stack.http('POST', '/volumes/fcptemplates', {
      body: { name: 'faultvol', fcp_devices: '1a04-1a05;1b04-1b05' },
    });
    t = created.body.output.fcp_template.id;
    fcps = (await stack.http('GET', `/volumes/conn/${GUEST}?reserve=true&fcp_template_id=${t}`))
      .body.output.zvm_fcp;
    expect(fcps).toHaveLength(2);
  });
  afterAll(() => stack.close());
  afterEach(() => sim('DELETE', '/admin/faults'));

  it('undoes the first FCP dedicated when the second dedicate fails', async () => {
    const before = await world();
    expect(before.owners).toEqual([null, null]);
    await sim('POST', '/admin/faults', {
      function: 'Image_Device_Dedicate_DM',
      match: `"vdev":"${fcps[1]}"`,
      rc: 404,
      rs: 28,
    });
    const res = await attach();
    expect(res.body).toMatchObject({ overallRC: 8, rc: 404, rs: 28 });
    // the first FCP was dedicated once and undedicated once; nothing is left dedicated
    const calls = (await sim('GET', '/admin/calls')).body.calls as {
      function: string;
      target: string;
    }[];
    const mine = (fn: string) => calls.filter((c) => c.function === fn && c.target === GUEST);
    expect(mine('Image_Device_Dedicate_DM')).toHaveLength(2);
    expect(mine('Image_Device_Undedicate_DM')).toHaveLength(1);
    expect(await world()).toEqual(before);
  });

  it('answers volume rs 6 when the guest refuses the configuration command', async () => {
    const before = await world();
    await sim('POST', '/admin/faults', {
      function: 'execcmd',
      match: 'systemctl start zvmguestconfigure',
      rc: 1,
      errmsg: `UNAUTHORIZED_ERROR: ${GUEST} does not authorise this IUCV client`,
    });
    const res = await attach();
    expect(res.body).toMatchObject({ overallRC: 300, rs: 6, modID: 30 });
    expect(await world()).toEqual(before);
  });
});
