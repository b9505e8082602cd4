import { eventually, request } from './support/http.js';
import { TestStack } from './support/stack.js';
import { disk, guestBody } from './support/fixtures.js';

/** Spec §4.8 host reads, disk pool figures, and the health of the hypervisor link. */
describe('host', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process', env: { HV_PROBE_INTERVAL_S: '1' } });
  });
  afterAll(() => stack.close());

  const simState = async () => (await request(stack.simUrl, 'GET', '/admin/state')).body;

  it('GET /host describes the simulated system with the spec types', async () => {
    const res = await stack.http('GET', '/host');
    expect(res.status).toBe(200);
    const out = res.body.output;
    expect(out).toMatchObject({
      hypervisor_type: 'zvm',
      hypervisor_version: 720,
      hv_host: 'HVSIM1',
      agent_userid: 'HVSIMMGR',
      // the reference's: the system QUERY USERID names
      hypervisor_hostname: 'HVSIM1',
      cpu_info: { cec_model: '8561', architecture: 's390x' },
      vcpus: 16,
      memory_mb: 262144,
    });
    for (const k of ['disk_available', 'disk_total', 'disk_used', 'vcpus', 'vcpus_used']) {
      expect(Number.isInteger(out[k])).toBe(true);
    }
    expect(typeof out.memory_mb_used).toBe('number');
    expect(out.ipl_time).toMatch(/^IPL at \d\d\/\d\d\/\d\d \d\d:\d\d:\d\d UTC$/);
    // POOL1: 4 volumes × 10,016 cylinders × 737,280 B = 27.5 GiB
    expect(out.disk_total).toBe(27);
  });

  it('GET /host/guests lists every user in the directory, managed or not', async () => {
    const made = await request(stack.simUrl, 'POST', '/smapi/Image_Create_DM', {
      body: { target: 'OUTSIDE1', params: { directory: ['USER OUTSIDE1 PW 1G 2G G'] } },
    });
    expect(made.body.rc).toBe(0);
    const created = await stack.http('POST', '/guests', {
      body: { guest: { userid: 'host01', vcpus: 1, memory: 1024 } },
    });
    expect(created.status).toBe(200);
    const res = await stack.http('GET', '/host/guests');
    expect(res.status).toBe(200);
    expect(res.body.output).toEqual(expect.arrayContaining(['HOST01', 'OUTSIDE1']));
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('OUTSIDE1');
  });

  it('GET /host/diskpool: summary, details, unknown pool 404, malformed 400', async () => {
    const summary = await stack.http('GET', '/host/diskpool?poolname=ECKD:POOL1');
    expect(summary.status).toBe(200);
    expect(Object.keys(summary.body.output).sort()).toEqual([
      'disk_available',
      'disk_total',
      'disk_used',
    ]);
    const details = await stack.http('GET', '/host/diskpool?details=true');
    expect(details.status).toBe(200);
    expect(details.body.output.POOL1[0]).toEqual({
      volume_name: expect.stringMatching(/^EV000\d$/),
      device_type: '3390',
      start_cylinder: expect.any(Number),
      free_size: expect.any(Number),
      dasd_group: 'POOL1',
      region_name: expect.any(String),
    });
    const fba = await stack.http('GET', '/host/diskpool?poolname=FBA:FBAPOOL1&details=True');
    // only a literal "true" (any case) asks for details
    expect(fba.body.output.FBAPOOL1).toHaveLength(3);

    const unknown = await stack.http('GET', '/host/diskpool?poolname=ECKD:NOPOOL');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ overallRC: 4, rc: 5, rs: 402, modID: 1 });
    expect((await stack.http('GET', '/host/diskpool?poolname=POOL1')).status).toBe(400);
    expect((await stack.http('GET', '/host/diskpool?details=maybe')).status).toBe(400);
  });

  it('refuses a pool type neither ECKD nor FBA with input error 100/3 before asking the hypervisor', async () => {
    const since = (await request(stack.simUrl, 'GET', '/admin/calls?since=0')).body.lastSeq;
    // the schema passes `\w+:\w+`; the reference's api rejects the type (SDKInvalidInputFormat)
    const info = await stack.http('GET', '/host/diskpool?poolname=xxxx:dummy');
    expect(info.status).toBe(400);
    expect(info.body).toEqual({
      overallRC: 100,
      rc: 100,
      rs: 3,
      modID: 400,
      // sic: the reference's message lacks the space between "expect" and "disk_pool"
      errmsg:
        'Invalid API arg format, error: Invalid disk pool type found in disk_pool, ' +
        'expectdisk_pool like ECKD:eckdpool or FBA:fbapool',
      output: '',
    });
    const details = await stack.http('GET', '/host/diskpool?poolname=xxxx:dummy&details=true');
    expect(details.status).toBe(400);
    const volumes = await stack.http('GET', '/host/diskpool_volumes?poolname=xxxx:dummy');
    expect(volumes.status).toBe(400);
    expect(volumes.body).toEqual({
      overallRC: 100,
      rc: 100,
      rs: 3,
      modID: 400,
      errmsg:
        'Invalid API arg format, error: Invalid disk pool type: "XXXX". Expected "ECKD" or "FBA"',
      output: '',
    });
    const calls = (await request(stack.simUrl, 'GET', `/admin/calls?since=${since}`)).body.calls;
    expect(calls.map((c: any) => c.function)).not.toContain('Image_Volume_Space_Query_DM');
    // the type is case-insensitive there
    expect((await stack.http('GET', '/host/diskpool?poolname=eckd:POOL1')).status).toBe(200);
  });

  it('disk pool figures change by exactly the size of a minidisk made and removed', async () => {
    const free = async () => {
      const res = await stack.http('GET', '/host/diskpool?poolname=ECKD:POOL1&details=true');
      return (res.body.output.POOL1 as { free_size: number }[]).reduce(
        (s, e) => s + e.free_size,
        0,
      );
    };
    const summary = async () =>
      (await stack.http('GET', '/host/diskpool?poolname=ECKD:POOL1')).body.output;
    const before = await free();
    const summaryBefore = await summary();

    const created = await stack.http('POST', '/guests', {
      body: guestBody({ userid: 'pool01', disks: [disk('5g')] }),
    });
    expect(created.status).toBe(200);
    const minidisk = (await simState()).users.find((u: any) => u.userid === 'POOL01').disks['0100'];
    // 5 GiB in 737,280-byte cylinders, rounded up
    expect(minidisk.units).toBe(Math.ceil((5 * 1024 ** 3) / 737_280));
    expect(await free()).toBe(before - minidisk.units);
    const summaryDuring = await summary();
    expect(summaryDuring.disk_available).toBeLessThan(summaryBefore.disk_available);
    expect(summaryDuring.disk_used).toBeGreaterThan(summaryBefore.disk_used);

    expect((await stack.http('DELETE', '/guests/POOL01')).status).toBe(200);
    expect(await free()).toBe(before);
    expect(await summary()).toEqual(summaryBefore);
  });

  it('GET /host/diskpool_volumes and /host/volume', async () => {
    const vols = await stack.http('GET', '/host/diskpool_volumes');
    expect(vols.status).toBe(200);
    expect(vols.body.output).toEqual({
      diskpool_volumes: 'EV0001 EV0002 EV0003 EV0004',
    });
    const fba = await stack.http('GET', '/host/diskpool_volumes?poolname=FBA:FBAPOOL1');
    expect(fba.body.output).toEqual({ diskpool_volumes: 'FB0001 FB0002 FB0003' });

    const vol = await stack.http('GET', '/host/volume?volumename=ev0002');
    expect(vol.status).toBe(200);
    expect(vol.body.output).toEqual({ volume_type: '3390', volume_size: 10_017 });
    expect((await stack.http('GET', '/host/volume?volumename=EV00012')).status).toBe(400);
    // as the reference's api.host_get_volume_info answers a request without the name
    const none = await stack.http('GET', '/host/volume');
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      overallRC: 100,
      rc: 100,
      rs: 3,
      errmsg: 'Invalid API arg format, error: Invalid volume input None, volume must be specified.',
    });
  });

  it('GET /host/ssi lists the cluster and its two members', async () => {
    const res = await stack.http('GET', '/host/ssi');
    expect(res.status).toBe(200);
    const lines: string[] = res.body.output;
    expect(lines).toEqual(
      expect.arrayContaining([
        'ssi_name = HVSSI',
        'ssi_mode = Stable',
        'member_system_id = HVSIM1',
        'member_system_id = HVSIM2',
      ]),
    );
    expect(lines.filter((l) => l === 'member_state = Joined')).toHaveLength(2);
    expect(lines.filter((l) => l === '')).toHaveLength(4); // four slots, two available
  });

  it('a dead hypervisor shows in /smapi_health and /health/ready within seconds, and recovers', async () => {
    const health = async () => (await stack.http('GET', '/smapi_health')).body.output;
    const before = await health();
    expect(before).toMatchObject({ continuousFail: 0, healthy: true });
    expect((await request(stack.url, 'GET', '/health/ready')).status).toBe(200);

    await stack.stopSimulator();
    try {
      const down = await eventually(
        async () => {
          const h = await health();
          return h.continuousFail > 0 ? h : undefined;
        },
        5000,
        'a failed probe',
      );
      expect(down.totalFail).toBeGreaterThan(before.totalFail);
      expect(down.lastFail).not.toBe('');
      // the deprecated route of old clients: the same counters, bare, in the reference's spelling
      const old = await stack.http('GET', '/smapi-healthy');
      expect(old.status).toBe(200);
      expect(old.body).toEqual({
        SMAPI: {
          totalSuccess: expect.any(Number),
          totalFail: expect.any(Number),
          lastSuccess: expect.any(String),
          lastFail: expect.any(String),
          continueousFail: expect.any(Number),
          healthy: true,
        },
      });
      expect(old.body.SMAPI.continueousFail).toBeGreaterThan(0);
      expect((await request(stack.url, 'GET', '/smapi-healthy')).status).toBe(401); // token
      const ready = await request(stack.url, 'GET', '/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.output.checks.hypervisor.status).toBe('down');
      // a read through the dead link fails, and is counted
      expect((await stack.http('GET', '/host')).status).toBe(500);
    } finally {
      await stack.restartSimulator();
    }
    const up = await eventually(
      async () => {
        const h = await health();
        return h.continuousFail === 0 ? h : undefined;
      },
      5000,
      'a successful probe',
    );
    expect(up.healthy).toBe(true);
    expect(new Date(up.lastSuccess).getTime()).toBeGreaterThan(new Date(up.lastFail).getTime());
    expect((await request(stack.url, 'GET', '/health/ready')).status).toBe(200);
  });
});
