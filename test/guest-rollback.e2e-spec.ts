import { request } from './support/http.js';
import { importSampleImage } from './support/sample-image.js';
import { TestStack } from './support/stack.js';
import { bootDisk, disk, diskInfoBody, guestBody } from './support/fixtures.js';

/**
 * Failures after the directory or a disk already changed put things back (reference §9.7
 * rs 7/8/15 and 11/17, §9.8 add disks), checked against the simulator's state.
 */
describe('rollback of half-done guest changes', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
    await importSampleImage(stack, 'rb-img');
  });
  afterAll(() => stack.close());

  const sim = (method: string, path: string, body?: unknown) =>
    request(stack.simUrl, method, path, { body });
  const fault = async (f: object) =>
    expect((await sim('POST', '/admin/faults', f)).status).toBe(201);
  const simState = async () => (await sim('GET', '/admin/state')).body;
  const simUser = async (id: string) => (await simState()).users.find((u: any) => u.userid === id);
  const poolFree = async (name: string) =>
    (await simState()).pools.find((p: any) => p.name === name).free;
  const action = (userid: string, body: object) =>
    stack.http('POST', `/guests/${userid}/action`, { body });
  const undoSteps = async (userid: string, kind: string) => {
    const ops = await stack.http('GET', `/operations?userid=${userid}&kind=${kind}`);
    return ops.body.output.operations[0].steps
      .filter((s: any) => s.name.startsWith('undo '))
      .map((s: any) => [s.name, s.result]);
  };

  async function running(userid: string): Promise<string[]> {
    const created = await stack.http('POST', '/guests', {
      body: guestBody({ userid, memory: 1024, max_cpu: 4, max_mem: '4G', disks: [bootDisk('10')] }),
    });
    expect(created.status).toBe(200);
    expect((await action(userid, { action: 'deploy', image: 'rb-img' })).status).toBe(200);
    expect((await action(userid, { action: 'start' })).status).toBe(200);
    return (await simUser(userid)).directory;
  }

  it.each([
    ['vmcp def cpu', 7],
    ['chcpu -r', 8],
    ['chcpu -e', 15],
  ])(
    'live_resize_cpus failing at `%s` answers rs %i and restores the directory',
    async (cmd, rs) => {
      const userid = `RBC${rs}`;
      const before = await running(userid);
      await fault({
        function: 'execcmd',
        target: userid,
        match: cmd,
        rc: 3,
        errmsg: `${cmd}: failed`,
      });
      const res = await action(userid, { action: 'live_resize_cpus', cpu_cnt: 3 });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ overallRC: 300, rc: 300, rs, modID: 10, output: '' });
      expect(res.body.errmsg).toContain(cmd);
      expect((await simUser(userid)).directory).toEqual(before);
      expect((await simUser(userid)).locked ?? false).toBe(false);
      expect(await undoSteps(userid, 'guest.live-resize-cpus')).toEqual([
        ['undo replace directory', 'ok'],
      ]);
      // nothing stuck: the same resize works once the fault is gone
      expect((await action(userid, { action: 'live_resize_cpus', cpu_cnt: 3 })).status).toBe(200);
      expect(
        (await simUser(userid)).directory.filter((l: string) => l.includes('CPU ')),
      ).toHaveLength(3);
    },
  );

  it.each([
    ['vmcp def storage standby', 11],
    ['chmem -e', 17],
  ])(
    'live_resize_mem failing at `%s` answers rs %i and restores the directory',
    async (cmd, rs) => {
      const userid = `RBM${rs}`;
      const before = await running(userid);
      expect(before[0]).toBe(`USER ${userid} LBYONLY 1G 4G G`);
      await fault({ function: 'execcmd', target: userid, match: cmd, rc: 3 });
      const res = await action(userid, { action: 'live_resize_mem', size: '2G' });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ overallRC: 300, rc: 300, rs, modID: 10 });
      expect((await simUser(userid)).directory).toEqual(before);
      expect(await undoSteps(userid, 'guest.live-resize-mem')).toEqual([
        ['undo replace directory', 'ok'],
      ]);
    },
  );

  it('add-disks failing on the second disk removes the first; nothing left in pool or directory', async () => {
    const created = await stack.http('POST', '/guests', {
      body: guestBody({ userid: 'RBD01', disks: [disk('10')] }),
    });
    expect(created.status).toBe(200);
    const before = await simUser('RBD01');
    const eckd = await poolFree('POOL1');
    const fba = await poolFree('FBAPOOL1');
    await fault({
      function: 'Image_Disk_Create_DM',
      target: 'RBD01',
      match: '"vdev":"0102"',
      rc: 596,
      rs: 3474,
    });
    const res = await stack.http('POST', '/guests/RBD01/disks', {
      body: diskInfoBody([disk('100M', { disk_pool: 'FBA:FBAPOOL1' }), disk('20')]),
    });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ overallRC: 8, rc: 596, rs: 3474, modID: 1, output: '' });
    const after = await simUser('RBD01');
    expect(after.directory).toEqual(before.directory);
    expect(Object.keys(after.disks)).toEqual(['0100']);
    expect(await poolFree('POOL1')).toBe(eckd);
    expect(await poolFree('FBAPOOL1')).toBe(fba);
    expect(await undoSteps('RBD01', 'guest.add-disks')).toEqual([['undo create disk 0101', 'ok']]);
    const listed = await stack.http('GET', '/guests/RBD01/disks');
    expect(listed.body.output.minidisks.map((d: any) => d.vdev)).toEqual(['0100']);
  });
});
