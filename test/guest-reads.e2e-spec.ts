import { importSampleImage } from './support/sample-image.js';
import { TestStack } from './support/stack.js';
import { bootDisk, disk, diskInfoBody, guestBody } from './support/fixtures.js';

/** Guest reads of spec §4.5 (no operation): info, os_info, online_cpu_num; and disks (§4.3). */
describe('guest reads', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
    await importSampleImage(stack, 'read-img');
  });
  afterAll(() => stack.close());

  const action = (userid: string, body: object) =>
    stack.http('POST', `/guests/${userid}/action`, { body });
  const get = (path: string) => stack.http('GET', path);

  async function createGuest(userid: string): Promise<void> {
    const r = await stack.http('POST', '/guests', {
      body: guestBody({
        userid,
        vcpus: 2,
        memory: 2048,
        max_mem: '8G',
        max_cpu: 8,
        disks: [bootDisk('10')],
      }),
    });
    expect(r.status).toBe(200);
  }

  it('reads an off guest from its directory (reference §10 item 5)', async () => {
    await createGuest('INF01');
    const info = await get('/guests/inf01/info');
    expect(info.status).toBe(200);
    expect(info.body.output).toEqual({
      max_mem_kb: 8 * 1024 * 1024,
      num_cpu: 2,
      cpu_time_us: 0,
      mem_kb: 0,
      online_cpu_num: 0,
      power_state: 'off',
      os_distro: '',
      kernel_info: '',
    });
    expect((await get('/guests/INF01/os_info')).body.output).toEqual({
      os_distro: '',
      kernel_info: '',
    });
    expect((await get('/guests/INF01/online_cpu_num')).body.output).toBe(0);
  });

  it('reads a running deployed guest from its running state and OS', async () => {
    await createGuest('INF02');
    expect((await action('INF02', { action: 'deploy', image: 'read-img' })).status).toBe(200);
    expect((await action('INF02', { action: 'start' })).status).toBe(200);

    const first = (await get('/guests/INF02/info')).body.output;
    expect(first).toMatchObject({
      max_mem_kb: 8 * 1024 * 1024,
      num_cpu: 2,
      online_cpu_num: 2,
      power_state: 'on',
      os_distro: 'rhel9.0',
      kernel_info: '5.14.0-70.13.1.el9_0.s390x',
    });
    expect(first.mem_kb).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 50));
    const second = (await get('/guests/INF02/info')).body.output;
    expect(second.cpu_time_us).toBeGreaterThan(first.cpu_time_us); // the counters move

    expect((await get('/guests/INF02/os_info')).body.output).toEqual({
      os_distro: 'rhel9.0',
      kernel_info: '5.14.0-70.13.1.el9_0.s390x',
    });
    expect((await get('/guests/INF02/online_cpu_num')).body).toMatchObject({
      overallRC: 0,
      output: 2,
    });

    // a directory resize shows after a reset, not before
    expect((await action('INF02', { action: 'resize_cpus', cpu_cnt: 3 })).status).toBe(200);
    expect((await get('/guests/INF02/online_cpu_num')).body.output).toBe(2);
    expect((await action('INF02', { action: 'reset' })).status).toBe(200);
    expect((await get('/guests/INF02/online_cpu_num')).body.output).toBe(3);
    expect((await get('/guests/INF02/info')).body.output.num_cpu).toBe(3);
  });

  it('shows no OS for a running guest that booted none', async () => {
    await createGuest('INF03');
    expect((await action('INF03', { action: 'start' })).status).toBe(200);
    const info = (await get('/guests/INF03/info')).body.output;
    expect(info).toMatchObject({ power_state: 'on', num_cpu: 2, online_cpu_num: 0, os_distro: '' });
  });

  it('answers 404 for unknown guests and 400 for bad userids', async () => {
    for (const path of ['info', 'os_info', 'online_cpu_num']) {
      const unknown = await get(`/guests/NOSUCH/${path}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ overallRC: 404, rs: 1, modID: 10 });
      const bad = await get(`/guests/@@@@@/${path}`);
      expect(bad.status).toBe(400);
      expect(bad.body.errmsg).toContain('Invalid input for query parameters userid');
    }
  });

  it('lists, adds and deletes minidisks (spec §4.3)', async () => {
    await createGuest('DSK01');
    const listed = await get('/guests/dsk01/disks');
    expect(listed.status).toBe(200);
    expect(listed.body.output.minidisks).toEqual([
      {
        vdev: '0100',
        rdev: null, // logged off: linked on no device
        device_type: '3390',
        access_type: 'R/W',
        device_size: 10,
        device_units: 'Cylinders',
        volume_label: expect.stringMatching(/^\w{1,6}$/),
      },
    ]);

    const added = await stack.http('POST', '/guests/DSK01/disks', {
      body: diskInfoBody([disk('5'), disk('1000', { disk_pool: 'FBA:FBAPOOL1', format: 'xfs' })]),
    });
    expect(added.status).toBe(200);
    // vdevs follow the highest existing MDISK; sizes without unit come back converted
    expect(added.body.output).toEqual([
      { vdev: '0101', size: '3.5M', disk_pool: 'ECKD:POOL1' },
      { vdev: '0102', size: '0.5M', format: 'xfs', disk_pool: 'FBA:FBAPOOL1' },
    ]);
    const after = (await get('/guests/DSK01/disks')).body.output.minidisks;
    expect(after.map((d: any) => [d.vdev, d.device_units, d.device_size])).toEqual([
      ['0100', 'Cylinders', 10],
      ['0101', 'Cylinders', 5],
      ['0102', 'Blocks', 1000],
    ]);

    const empty = await stack.http('POST', '/guests/DSK01/disks', {
      body: { disk_info: { disk_list: [] } },
    });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ overallRC: 0, output: '' });
    expect((await stack.http('POST', '/guests/DSK01/disks', { body: {} })).status).toBe(400);

    // only while off: an active guest is the reference's 501 with modID "guest"
    expect((await action('DSK01', { action: 'start' })).status).toBe(200);
    const active = await stack.http('DELETE', '/guests/DSK01/disks', {
      body: { vdev_info: { vdev_list: ['0101'] } },
    });
    expect(active.status).toBe(501);
    expect(active.body).toMatchObject({ overallRC: 501, rc: 501, modID: 10, output: '' });
    expect((await action('DSK01', { action: 'stop' })).status).toBe(200);

    // a vdev that is not defined counts as deleted (208/36 tolerated)
    const deleted = await stack.http('DELETE', '/guests/DSK01/disks', {
      body: { vdev_info: { vdev_list: ['101', '0102', '0999'] } },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ overallRC: 0, output: '' });
    const left = (await get('/guests/DSK01/disks')).body.output.minidisks;
    expect(left.map((d: any) => d.vdev)).toEqual(['0100']);

    const bad = await stack.http('DELETE', '/guests/DSK01/disks', {
      body: { vdev_info: { vdev_list: [] } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errmsg).toContain('vdev_list');
  });

  it('answers unknown guests on the disk routes with 404', async () => {
    expect((await get('/guests/NOSUCH/disks')).status).toBe(404);
    const add = await stack.http('POST', '/guests/NOSUCH/disks', {
      body: diskInfoBody([disk('5')]),
    });
    expect(add.status).toBe(404);
    expect(add.body).toMatchObject({ overallRC: 404, rs: 1, modID: 10 });
  });
});
