import { request } from './support/http.js';
import { importSampleImage } from './support/sample-image.js';
import { TestStack } from './support/stack.js';
import { bootDisk, disk, guestBody } from './support/fixtures.js';

/**
 * What the guest OS makes of its disks: PUT /guests/{userid}/disks (spec §4.3, reference §9.8)
 * and the grow_root_volume action (spec §4.7), both carried out by the guest's configuration
 * service from files punched to its reader.
 */
describe('guest disk configuration and root volume growth', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
    await importSampleImage(stack, 'cfg-img'); // 10 cylinders, boots rhel9.0
  });
  afterAll(() => stack.close());

  const sim = (method: string, path: string, body?: unknown) =>
    request(stack.simUrl, method, path, { body });
  const simUser = async (id: string) =>
    (await sim('GET', '/admin/state')).body.users.find((u: any) => u.userid === id);
  /** A command in the guest's OS, as the simulator's IUCV answers it. */
  const inGuest = async (userid: string, cmd: string): Promise<string[]> => {
    const q = `userid=${userid}&cmd=${encodeURIComponent(cmd)}`;
    const r = await sim('POST', `/mgmt/execcmd?${q}`);
    expect(r.body.rc).toBe(0);
    return r.body.lines;
  };
  /** Reader files for the configuration service, but the deploy's IUCV authorisation. */
  const configFiles = async (id: string): Promise<string[]> =>
    (await simUser(id)).reader
      .filter((f: any) => f.name !== 'iucvauth.sh')
      .map((f: any) => `${f.name}:${f.spoolClass}`);
  const action = (userid: string, body: object) =>
    stack.http('POST', `/guests/${userid}/action`, { body });
  const putDisks = (userid: string, disk_info: unknown) =>
    stack.http('PUT', `/guests/${userid}/disks`, { body: { disk_info } });

  /** A guest with a root disk of `rootCyl` cylinders and two data disks, the image deployed. */
  async function deployed(userid: string, rootCyl: number, start: boolean): Promise<void> {
    const created = await stack.http('POST', '/guests', {
      body: guestBody({
        userid,
        memory: 1024,
        disks: [bootDisk(String(rootCyl)), disk('20'), disk('10')],
      }),
    });
    expect(created.status).toBe(200);
    expect((await action(userid, { action: 'deploy', image: 'cfg-img' })).status).toBe(200);
    if (start) expect((await action(userid, { action: 'start' })).status).toBe(200);
  }

  it('mounts the disks of a running guest at once, with the reference defaults', async () => {
    await deployed('CFG01', 10, true);
    const res = await putDisks('cfg01', {
      disk_list: [{ format: 'ext4' }, { format: 'xfs', mntdir: '/data', size: '1G' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ overallRC: 0, rc: 0, rs: 0, errmsg: '', output: '' });
    // default vdev = root vdev + index + 1, default mount point /mnt/ephemeral<vdev>
    expect((await simUser('CFG01')).mounts).toEqual([
      { mountPoint: '/mnt/ephemeral0101', vdev: '0101', fs: 'ext4' },
      { mountPoint: '/data', vdev: '0102', fs: 'xfs' },
    ]);
    expect(await inGuest('CFG01', 'cat /proc/mounts')).toEqual([
      '/dev/dasda1 / ext4 rw,relatime 0 0',
      '/dev/dasdb1 /mnt/ephemeral0101 ext4 rw,relatime 0 0',
      '/dev/dasdc1 /data xfs rw,relatime 0 0',
    ]);
    const df = await inGuest('CFG01', 'df -k');
    expect(df.find((l) => l.endsWith(' /mnt/ephemeral0101'))).toMatch(/^\/dev\/dasdb1 14400 /);
    expect((await simUser('CFG01')).disks['0102'].format).toBe('xfs');
    // the setup files were taken by the configuration service
    expect(await configFiles('CFG01')).toEqual([]);
  });

  it('mounts the disks of a stopped guest at its next start; swap is swap', async () => {
    await deployed('CFG02', 10, false);
    const res = await putDisks('CFG02', { disk_list: [{ format: 'swap', mntdir: '/ignored' }] });
    expect(res.status).toBe(200);
    expect((await simUser('CFG02')).mounts).toBeUndefined();
    expect(await configFiles('CFG02')).toEqual(['setupDisk:X']);
    expect((await action('CFG02', { action: 'start' })).status).toBe(200);
    expect((await simUser('CFG02')).mounts).toEqual([
      { mountPoint: 'swap', vdev: '0101', fs: 'swap' },
    ]);
    expect((await inGuest('CFG02', 'cat /proc/swaps'))[1]).toContain('/dev/dasdb1');
    expect(await inGuest('CFG02', 'cat /proc/mounts')).toHaveLength(1); // the root only
  });

  it('answers 404 for an unknown guest, 400 for bad entries, 200 for an empty list', async () => {
    const unknown = await putDisks('NOSUCH', { disk_list: [{ format: 'ext4' }] });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ overallRC: 404, rs: 1, modID: 10 });
    expect(unknown.body.errmsg).toBe("Guest 'NOSUCH' does not exist.");

    for (const bad of [
      { disk_list: [{ format: 'ntfs' }] },
      { disk_list: [{ vdev: '0101' }] },
      { disk_list: [{ format: 'ext4', vdev: 'XYZ12' }] },
      { disk_list: [{ format: 'ext4', is_boot_disk: true }] },
      { disk_list: [], other: 1 },
    ]) {
      const r = await putDisks('CFG01', bad);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ overallRC: 400, rc: 400, rs: 400, modID: 120 });
    }
    expect((await stack.http('PUT', '/guests/CFG01/disks', { body: {} })).status).toBe(400);

    const empty = await putDisks('CFG01', { disk_list: [] });
    expect(empty.status).toBe(200);
    expect(empty.body.output).toBe('');
  });

  it('fails when the guest OS cannot set the disk up, leaving no file behind', async () => {
    const res = await putDisks('CFG01', { disk_list: [{ vdev: '0200', format: 'ext4' }] });
    expect(res.status).toBe(500);
    expect(res.body.overallRC).not.toBe(0);
    expect(res.body.errmsg).toContain('zvmguestconfigure');
    const status = await inGuest('CFG01', 'systemctl status zvmguestconfigure.service');
    expect(status.join('\n')).toContain('status=1/FAILURE');
    expect(await configFiles('CFG01')).toEqual([]);
    expect((await simUser('CFG01')).mounts).toHaveLength(2); // unchanged
  });

  it('fails on a running guest whose OS does not answer, and purges what it punched', async () => {
    await stack.http('POST', '/guests', {
      body: guestBody({ userid: 'CFG03', disks: [disk('10')] }),
    });
    expect((await action('CFG03', { action: 'start' })).status).toBe(200); // no OS deployed
    const res = await putDisks('CFG03', { disk_list: [{ format: 'ext4' }, { format: 'xfs' }] });
    expect(res.status).toBe(500);
    expect(res.body.overallRC).toBe(3); // the IUCV command failed
    expect(res.body.errmsg).toContain('not reachable');
    expect(await configFiles('CFG03')).toEqual([]);
    const ops = await stack.http('GET', '/operations?userid=CFG03&kind=guest.config-disks');
    const undone = ops.body.output.operations[0].steps
      .filter((st: any) => st.name.startsWith('undo '))
      .map((st: any) => [st.name, st.result]);
    expect(undone).toEqual([
      ['undo punch setup of disk 0102', 'ok'],
      ['undo punch setup of disk 0101', 'ok'],
    ]);
  });

  it('grows the root file system of a running guest to the end of its disk', async () => {
    await deployed('GRW01', 20, true); // a 10-cylinder image on a 20-cylinder disk
    const rootSize = async () =>
      (await inGuest('GRW01', 'df -k')).find((l) => l.endsWith(' /'))?.split(/\s+/)[1];
    expect(await rootSize()).toBe('7200');
    const res = await action('GRW01', { action: 'grow_root_volume', os_version: 'RHEL9.0' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ overallRC: 0, output: '' });
    expect(await rootSize()).toBe('14400');
    expect((await simUser('GRW01')).disks['0100'].fsUnits).toBeUndefined();
    // again: nothing left to grow, still fine
    expect(
      (await action('GRW01', { action: 'grow_root_volume', os_version: 'rhel9' })).status,
    ).toBe(200);
  });

  it('grows a stopped guest at its next start; refuses bad input and unknown guests', async () => {
    await deployed('GRW02', 20, false);
    expect((await simUser('GRW02')).disks['0100'].fsUnits).toBe(10);
    const res = await action('GRW02', { action: 'grow_root_volume', os_version: 'sles15' });
    expect(res.status).toBe(200);
    expect(await configFiles('GRW02')).toEqual(['gpartvol.sh:X']);
    expect((await action('GRW02', { action: 'start' })).status).toBe(200);
    expect((await simUser('GRW02')).disks['0100'].fsUnits).toBeUndefined();

    const badOs = await action('GRW02', { action: 'grow_root_volume', os_version: 'centos7' });
    expect(badOs.status).toBe(400);
    expect(badOs.body.errmsg).toContain('os_version');
    expect((await action('GRW02', { action: 'grow_root_volume' })).status).toBe(400);
    const extra = await action('GRW02', { action: 'grow_root_volume', os_version: 'rhel9', x: 1 });
    expect(extra.status).toBe(400);
    const unknown = await action('NOSUCH', { action: 'grow_root_volume', os_version: 'rhel9' });
    expect(unknown.status).toBe(404);
  });

  it('leaves the grow script for the next boot when the guest OS does not answer', async () => {
    await stack.http('POST', '/guests', {
      body: guestBody({ userid: 'GRW03', disks: [disk('10')] }),
    });
    expect((await action('GRW03', { action: 'start' })).status).toBe(200); // no OS deployed
    const res = await action('GRW03', { action: 'grow_root_volume', os_version: 'rhel8' });
    expect(res.status).toBe(200);
    expect(await configFiles('GRW03')).toEqual(['gpartvol.sh:X']);
    const ops = await stack.http('GET', '/operations?userid=GRW03&kind=guest.grow-root-volume');
    const steps = ops.body.output.operations[0].steps.map((s: any) => [s.name, s.result]);
    expect(steps).toEqual([
      ['punch grow script', 'ok'],
      ['run guest configuration', 'skipped'],
    ]);
  });
});
