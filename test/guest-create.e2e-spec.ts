import { request } from './support/http.js';
import { TestStack } from './support/stack.js';
import { bootDisk, disk } from './support/fixtures.js';

/** POST /guests with every optional field of spec §4.2, and its rollback (reference §9.1). */
describe('guest create, complete', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({
      worker: 'in-process',
      env: { DEFAULT_ADMIN_USERID: 'ADMIN1' },
    });
  });
  afterAll(() => stack.close());

  const sim = (method: string, path: string, body?: unknown) =>
    request(stack.simUrl, method, path, { body });
  const simState = async () => (await sim('GET', '/admin/state')).body;
  const simUser = async (id: string) => (await simState()).users.find((u: any) => u.userid === id);
  const poolFree = async (name: string) =>
    (await simState()).pools.find((p: any) => p.name === name).free;
  const create = (guest: object) => stack.http('POST', '/guests', { body: { guest } });

  it('writes every optional field as its directory statement', async () => {
    const res = await create({
      userid: 'full01',
      vcpus: 2,
      memory: 1536,
      user_profile: 'osdflt',
      disk_list: [
        bootDisk('10'),
        disk('200M', { format: 'xfs', disk_pool: 'FBA:FBAPOOL1', vdev: '0201' }),
      ],
      max_cpu: 8,
      max_mem: '4g',
      ipl_from: '0100',
      ipl_param: 'AUTOCR',
      ipl_loadparam: '2',
      dedicate_vdevs: ['1a00', '1B01'],
      loaddev: { portname: '5005076802100c1b', lun: '0001000000000000', alterdev: 'e001' },
      account: 'ACCT1 BILLING',
      comments: ['first comment', 'Second'],
      cschedule: 'cpupool1',
      cshare: 'RELative 250',
      rdomain: 'z15only',
      pcif: '0010:0120',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ overallRC: 0, rc: 0, rs: 0, errmsg: '', modID: null });
    expect(res.body.output).toEqual([
      { vdev: '0100', size: '7.0M', is_boot_disk: true, disk_pool: 'ECKD:POOL1' },
      { vdev: '0201', size: '200M', format: 'xfs', disk_pool: 'FBA:FBAPOOL1' },
    ]);

    const def = await stack.http('GET', '/guests/FULL01');
    expect(def.status).toBe(200);
    const lines: string[] = def.body.output.user_direct;
    const mdisks = lines.filter((l) => l.startsWith('MDISK'));
    expect(lines.filter((l) => !l.startsWith('MDISK'))).toEqual([
      'USER FULL01 LBYONLY 1536M 4G G',
      'INCLUDE OSDFLT',
      'MACHINE ESA 8',
      'ACCOUNT ACCT1 BILLING',
      'COMMAND SET VCONFIG MODE LINUX',
      'COMMAND DEFINE CPU 00 TYPE IFL',
      'COMMAND DEFINE CPU 01 TYPE IFL',
      'COMMAND SCHEDULE * WITHIN POOL CPUPOOL1',
      'SHARE RELATIVE 250',
      'COMMAND SET VMRELOCATE * DOMAIN Z15ONLY',
      'COMMAND ATTACH PCIF 0010 * AS 0120',
      'IPL 0100 PARM AUTOCR LOADPARM 2',
      'LOGONBY ADMIN1',
      'COMMAND DEF STOR INITIAL STANDBY REMAINDER',
      'LOADDEV PORTNAME 5005076802100C1B',
      'LOADDEV LUN 0001000000000000',
      'LOADDEV ALTERDEV E001',
      'DEDICATE 1A00 1A00',
      'DEDICATE 1B01 1B01',
      '* FIRST COMMENT',
      '* SECOND',
    ]);
    expect(mdisks).toHaveLength(2);
    expect(mdisks[0]).toMatch(/^MDISK 0100 3390 \d+ 10 \w+ MR$/);
    expect(mdisks[1]).toMatch(/^MDISK 0201 9336 \d+ 409600 \w+ MR$/);
    // the simulator formatted the second disk only (the root disk waits for an image)
    const user = await simUser('FULL01');
    expect(user.disks['0100'].format).toBe('none');
    expect(user.disks['0201'].format).toBe('xfs');
  });

  it('test_guest_create_with_ipl_with_param: the IPL statement as the directory stores it', async () => {
    const res = await create({
      userid: 'ipl01',
      vcpus: 1,
      memory: 512,
      disk_list: [bootDisk('3g')],
      user_profile: 'osdflt',
      ipl_param: 'dummy',
      ipl_loadparam: 'load=1',
    });
    expect(res.status).toBe(200);
    const def = await stack.http('GET', '/guests/IPL01');
    expect(def.status).toBe(200);
    expect(def.body.output.user_direct).toContain('IPL 0100 PARM DUMMY LOADPARM LOAD=1');
  });

  it('test_guest_create_with_ipl_cms: ipl_from names what to IPL, not only a disk', async () => {
    const res = await create({
      userid: 'iplcms1',
      vcpus: 1,
      memory: 512,
      disk_list: [bootDisk('3g')],
      user_profile: 'osdflt',
      ipl_from: 'cms',
    });
    expect(res.status).toBe(200);
    const lines: string[] = (await stack.http('GET', '/guests/IPLCMS1')).body.output.user_direct;
    expect(lines).toContain('IPL CMS');
    expect(lines.some((l) => l.startsWith('IPL 0100'))).toBe(false);
    // a named saved system, with no disk at all: ipl_from alone writes the IPL statement
    const nss = await create({ userid: 'iplnss1', vcpus: 1, memory: 512, ipl_from: 'linux7' });
    expect(nss.status).toBe(200);
    expect((await stack.http('GET', '/guests/IPLNSS1')).body.output.user_direct).toContain(
      'IPL LINUX7',
    );
  });

  it('refuses an ipl_from that is longer than 255 or more than one word (400)', async () => {
    for (const value of ['x'.repeat(256), '0100 LOADPARM 2', 'cms\tx', 'a\u00a0b']) {
      const res = await create({ userid: 'iplbad1', vcpus: 1, memory: 512, ipl_from: value });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ overallRC: 400, rc: 400, rs: 400, modID: 120 });
      expect(res.body.errmsg).toContain('ipl_from');
    }
    const res = await create({
      userid: 'iplok1',
      vcpus: 1,
      memory: 512,
      ipl_from: 'x'.repeat(255),
    });
    expect(res.status).not.toBe(400); // 255 characters pass validation, as in the reference
  });

  it('spells the comment list either way (spec comment_list, reference comments)', async () => {
    expect(
      (await create({ userid: 'com01', vcpus: 1, memory: 512, comment_list: ['x'] })).status,
    ).toBe(200);
    const lines = (await stack.http('GET', '/guests/COM01')).body.output.user_direct;
    expect(lines).toContain('* X');
    expect(lines).toContain('SHARE RELATIVE 100'); // default: share unit × CPUs
  });

  it('validates cschedule, cshare, rdomain and pcif as the reference does (400)', async () => {
    const bad: [string, unknown][] = [
      ['cschedule', 'TOOLONGNAME'],
      ['cschedule', 'a-b'],
      ['cshare', 'ABSolute 101%'],
      ['cshare', 'RELative 10001'],
      ['cshare', 'HALF 5'],
      ['rdomain', ''],
      ['pcif', '0010'],
      ['pcif', 12],
    ];
    for (const [field, value] of bad) {
      const res = await create({ userid: 'bad01', vcpus: 1, memory: 512, [field]: value });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ overallRC: 400, rc: 400, rs: 400, modID: 120 });
      expect(res.body.errmsg).toContain(field);
    }
    for (const share of ['abs 50%', 'ABSOLUTE 99.5%', 'rel 1', 'RELATIVE 10000']) {
      const id = `SH${share.length}${share[0]}`.slice(0, 8);
      expect((await create({ userid: id, vcpus: 1, memory: 512, cshare: share })).status).toBe(200);
    }
    expect(await simUser('BAD01')).toBeUndefined();
  });

  it('leaves nothing behind when the second disk cannot be made', async () => {
    await sim('POST', '/admin/faults', {
      function: 'Image_Disk_Create_DM',
      target: 'HALF02',
      match: '"vdev":"0101"',
      rc: 596,
      rs: 3474,
      errmsg: 'no space in group',
    });
    const eckd = await poolFree('POOL1');
    const res = await create({
      userid: 'half02',
      vcpus: 1,
      memory: 512,
      disk_list: [bootDisk('10'), disk('20')],
    });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ overallRC: 8, rc: 596, rs: 3474, modID: 1, output: '' });
    // Image_Disk_Create_DM answers codes alone on the wire: there the message is the reference
    // client's description of them; the simulator's HTTP carries the injected text.
    expect(res.body.errmsg).toContain(
      stack.config.HV_TRANSPORT === 'smapi'
        ? 'Internal directory manager error - product-specific return code : 3474'
        : 'no space in group',
    );
    // directory user, its first disk's extent and the database row are all gone
    expect(await simUser('HALF02')).toBeUndefined();
    expect(await poolFree('POOL1')).toBe(eckd);
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('HALF02');
    expect((await stack.http('GET', '/guests/HALF02/power_state')).status).toBe(404);
    // the operation records the undo of what was done
    const ops = await stack.http('GET', '/operations?userid=HALF02&kind=guest.create');
    const steps = ops.body.output.operations[0].steps.map((s: any) => [s.name, s.result]);
    expect(steps).toEqual(
      expect.arrayContaining([
        ['create disk 0100', 'ok'],
        ['create disk 0101', 'failed'],
        ['undo record guest', 'ok'],
        ['undo define user', 'ok'],
      ]),
    );
    // and the same userid can be created afterwards
    expect((await create({ userid: 'half02', vcpus: 1, memory: 512 })).status).toBe(200);
  });
});
