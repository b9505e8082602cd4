import { eventually, request } from './support/http.js';
import { importSampleImage } from './support/sample-image.js';
import { TestStack } from './support/stack.js';
import { bootDisk, guestBody } from './support/fixtures.js';

/** Guest actions of spec §4.7 run as operations: power, console and directory resize. */
describe('guest actions', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
    await importSampleImage(stack, 'act-img');
  });
  afterAll(() => stack.close());

  const sim = (method: string, path: string, body?: unknown) =>
    request(stack.simUrl, method, path, { body });
  const simUser = async (id: string) =>
    (await sim('GET', '/admin/state')).body.users.find((u: any) => u.userid === id);
  const action = (userid: string, body: object) =>
    stack.http('POST', `/guests/${userid}/action`, { body });
  const power = async (userid: string) =>
    (await stack.http('GET', `/guests/${userid}/power_state`)).body.output;

  async function createGuest(userid: string, extra: object = {}): Promise<void> {
    const r = await stack.http('POST', '/guests', {
      body: guestBody({ userid, vcpus: 2, memory: 2048, disks: [bootDisk('10')], ...extra }),
    });
    expect(r.status).toBe(200);
  }

  /** As a deploying profile would: the directory spools the guest's console. */
  async function spoolConsole(userid: string): Promise<void> {
    const user = await simUser(userid);
    expect((await sim('POST', '/smapi/Image_Lock_DM', { target: userid })).body.rc).toBe(0);
    const replaced = await sim('POST', '/smapi/Image_Replace_DM', {
      target: userid,
      params: { directory: [...user.directory, 'COMMAND SP CONS * START'] },
    });
    expect(replaced.body).toMatchObject({ rc: 0, rs: 0 });
  }

  async function deployedGuest(
    userid: string,
    opts: { console?: boolean; guest?: object } = {},
  ): Promise<void> {
    await createGuest(userid, opts.guest);
    expect((await action(userid, { action: 'deploy', image: 'act-img' })).status).toBe(200);
    if (opts.console) await spoolConsole(userid);
    expect((await action(userid, { action: 'start' })).status).toBe(200);
    expect((await simUser(userid)).os).toMatchObject({ distro: 'rhel9.0' });
  }

  it('pauses and unpauses a running guest; an off guest is a 409 (guest rs 5)', async () => {
    await createGuest('PAU01');
    const off = await action('PAU01', { action: 'pause' });
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({ overallRC: 300, rc: 300, rs: 5, modID: 10, output: '' });
    expect(off.body.errmsg).toContain('powered off');
    expect((await action('PAU01', { action: 'unpause' })).status).toBe(409);

    expect((await action('PAU01', { action: 'start' })).status).toBe(200);
    // no schema in the reference: extra fields are ignored
    const paused = await action('PAU01', { action: 'pause', whatever: 1 });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ overallRC: 0, output: '' });
    expect((await simUser('PAU01')).paused).toBe(true);
    expect((await action('PAU01', { action: 'unpause' })).status).toBe(200);
    expect((await simUser('PAU01')).paused).toBe(false);

    const unknown = await action('NOSUCH', { action: 'pause' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ overallRC: 404, rs: 1, modID: 10 });
  });

  it('reboots, resets and soft-stops a deployed guest, with its console spooled', async () => {
    await deployedGuest('ACT01', { console: true });

    expect((await action('ACT01', { action: 'reboot' })).status).toBe(200);
    expect(await power('ACT01')).toBe('on');
    let out = await action('ACT01', { action: 'get_console_output' });
    expect(out.status).toBe(200);
    expect(out.body.output).toContain('LOGON ACT01');
    expect(out.body.output).toContain('Rebooting.');
    expect(out.body.output.match(/rhel9\.0 login:/g)).toHaveLength(2); // boot and reboot

    const reset = await action('ACT01', { action: 'reset' });
    expect(reset.status).toBe(200);
    expect(await power('ACT01')).toBe('on');
    out = await action('ACT01', { action: 'get_console_output' });
    expect(out.body.output).not.toContain('Rebooting.'); // a new logon spools afresh
    expect(out.body.output).toContain('rhel9.0 login:');

    const soft = await action('ACT01', { action: 'softstop' });
    expect(soft.status).toBe(200);
    expect(await power('ACT01')).toBe('off');
    out = await action('ACT01', { action: 'get_console_output' });
    expect(out.body.output).toContain('System halted.');
    expect(out.body.output).toContain('SIGNAL SHUTDOWN');

    // already off: softstop and reset still succeed (200/12 tolerated)
    expect((await action('ACT01', { action: 'softstop' })).status).toBe(200);
  });

  it('soft-stops a guest whose OS cannot be reached as one already shut down', async () => {
    await createGuest('ACT02'); // nothing deployed: logs on, boots no OS
    expect((await action('ACT02', { action: 'start' })).status).toBe(200);
    const soft = await stack.http('POST', '/guests/ACT02/action', {
      body: { action: 'softstop' },
      headers: { prefer: 'respond-async' },
    });
    expect(soft.status).toBe(202);
    const done = await eventually(async () => {
      const op = (await stack.http('GET', soft.headers.get('location')!)).body.output;
      return op.status === 'succeeded' ? op : undefined;
    });
    expect(done.steps.map((s: any) => [s.name, s.result])).toEqual([
      ['shutdown os', 'skipped'],
      ['deactivate', 'ok'],
      ['wait off', 'ok'],
    ]);
    expect(await power('ACT02')).toBe('off');
    // reboot needs the OS: an unreachable guest fails (management command failure → 500)
    expect((await action('ACT02', { action: 'start' })).status).toBe(200);
    const reboot = await action('ACT02', { action: 'reboot' });
    expect(reboot.status).toBe(500);
    expect(reboot.body).toMatchObject({ overallRC: 3, rc: 415, modID: 1 });
  });

  /**
   * #57.8: Image_Console_Get 8/8 (nothing spooled) is the reference's message 0409 (smtLayer
   * getVM.getConsole keeps the SMAPI codes, msgs.py words them) and, as any SMT failure of an
   * action, HTTP 500.
   */
  const expectNothingSpooled = (res: { status: number; body: any }, userid: string) => {
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ overallRC: 8, rc: 8, rs: 8, modID: 1, output: '' });
    expect(res.body.errmsg).toContain(
      `ULTGVM0409E Unable to get console log for user ${userid}. The userid is either: ` +
        'not logged on, not spooling its console, or has not created any console output. ' +
        'Error rc=rs=8 returned from Image_Console_Get.',
    );
  };

  it('answers 0409 (500) for a guest that does not spool its console', async () => {
    await deployedGuest('ACT03');
    expectNothingSpooled(await action('ACT03', { action: 'get_console_output' }), 'ACT03');
  });

  it('answers 0409 (500) when a spooling guest printed nothing since the last read', async () => {
    await deployedGuest('ACT04', { console: true });
    const first = await action('ACT04', { action: 'get_console_output' });
    expect(first.status).toBe(200);
    expect(first.body.output).toContain('LOGON ACT04');
    expectNothingSpooled(await action('ACT04', { action: 'get_console_output' }), 'ACT04');
  });

  it('resizes CPUs in the directory within MACHINE ESA, as the reference', async () => {
    await createGuest('RSZ01', { max_cpu: 8 });
    const cpus = async () =>
      (await simUser('RSZ01')).directory.filter((l: string) => l.startsWith('COMMAND DEFINE CPU'));

    expect((await action('RSZ01', { action: 'resize_cpus', cpu_cnt: 4 })).status).toBe(200);
    expect(await cpus()).toEqual([
      'COMMAND DEFINE CPU 00 TYPE IFL',
      'COMMAND DEFINE CPU 01 TYPE IFL',
      'COMMAND DEFINE CPU 02 TYPE IFL',
      'COMMAND DEFINE CPU 03 TYPE IFL',
    ]);
    const before = (await simUser('RSZ01')).directory;
    expect((await action('RSZ01', { action: 'resize_cpus', cpu_cnt: 4 })).status).toBe(200);
    expect((await simUser('RSZ01')).directory).toEqual(before); // equal: no-op

    const over = await action('RSZ01', { action: 'resize_cpus', cpu_cnt: 9 });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ overallRC: 409, rc: 409, rs: 4, modID: 10 });

    expect((await action('RSZ01', { action: 'resize_cpus', cpu_cnt: 1 })).status).toBe(200);
    expect(await cpus()).toEqual(['COMMAND DEFINE CPU 00 TYPE IFL']);

    // the guest may be on; the running guest keeps its CPUs until reset
    expect((await action('RSZ01', { action: 'start' })).status).toBe(200);
    expect((await action('RSZ01', { action: 'resize_cpus', cpu_cnt: 2 })).status).toBe(200);
    expect(await cpus()).toHaveLength(2);

    for (const bad of ['2', 0, 65, 1.5]) {
      const r = await action('RSZ01', { action: 'resize_cpus', cpu_cnt: bad });
      expect(r.status).toBe(400);
      expect(r.body.errmsg).toContain('cpu_cnt');
    }
    expect((await action('RSZ01', { action: 'resize_cpus' })).status).toBe(400);
  });

  it('resizes memory in the USER line up to its maximum', async () => {
    await createGuest('RSZ02', { max_mem: '8G' });
    const userLine = async () => (await simUser('RSZ02')).directory[0];
    expect(await userLine()).toBe('USER RSZ02 LBYONLY 2G 8G G');

    expect((await action('RSZ02', { action: 'resize_mem', size: '4g' })).status).toBe(200);
    expect(await userLine()).toBe('USER RSZ02 LBYONLY 4096M 8G G');
    expect((await simUser('RSZ02')).directory).toContain(
      'COMMAND DEF STOR INITIAL STANDBY REMAINDER',
    );
    expect((await action('RSZ02', { action: 'resize_mem', size: '4096M' })).status).toBe(200);

    const over = await action('RSZ02', { action: 'resize_mem', size: '9G' });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ overallRC: 409, rs: 20, modID: 10 });
    expect(await userLine()).toBe('USER RSZ02 LBYONLY 4096M 8G G');

    for (const bad of ['4T', '12345M', '0G', 4]) {
      const r = await action('RSZ02', { action: 'resize_mem', size: bad });
      expect(r.status).toBe(400);
      expect(r.body.errmsg).toContain('size');
    }
  });

  it('live-resizes CPUs of a running guest and persists them in the directory', async () => {
    await createGuest('LIV00');
    const off = await action('LIV00', { action: 'live_resize_cpus', cpu_cnt: 3 });
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({ overallRC: 409, rs: 1, modID: 10 });
    expect((await action('LIV00', { action: 'live_resize_mem', size: '4G' })).body.rs).toBe(1);

    await deployedGuest('LIV01', { guest: { max_cpu: 4, max_mem: '8G' } });
    expect((await stack.http('GET', '/guests/LIV01/online_cpu_num')).body.output).toBe(2);
    const up = await action('LIV01', { action: 'live_resize_cpus', cpu_cnt: 3 });
    expect(up.status).toBe(200);
    expect((await stack.http('GET', '/guests/LIV01/online_cpu_num')).body.output).toBe(3);
    expect((await stack.http('GET', '/guests/LIV01/info')).body.output.num_cpu).toBe(3);
    const cpus = (await simUser('LIV01')).directory.filter((l: string) => l.includes('CPU '));
    expect(cpus).toHaveLength(3);

    const down = await action('LIV01', { action: 'live_resize_cpus', cpu_cnt: 1 });
    expect(down.status).toBe(409);
    expect(down.body).toMatchObject({ rs: 2, modID: 10 });
    const over = await action('LIV01', { action: 'live_resize_cpus', cpu_cnt: 5 });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ rs: 4, modID: 10 });
    expect((await stack.http('GET', '/guests/LIV01/online_cpu_num')).body.output).toBe(3);
  });

  it('live-resizes memory upwards only, within the directory maximum', async () => {
    await deployedGuest('LIV02', { guest: { max_mem: '8G' } });
    const memKb = async () => (await stack.http('GET', '/guests/LIV02/info')).body.output.mem_kb;
    const before = await memKb();
    const below = await action('LIV02', { action: 'live_resize_mem', size: '1G' });
    expect(below.status).toBe(409);
    expect(below.body).toMatchObject({ rs: 18, modID: 10 });
    const over = await action('LIV02', { action: 'live_resize_mem', size: '9G' });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ rs: 20, modID: 10 });

    expect((await action('LIV02', { action: 'live_resize_mem', size: '4G' })).status).toBe(200);
    expect((await simUser('LIV02')).directory[0]).toBe('USER LIV02 LBYONLY 4096M 8G G');
    expect(await memKb()).toBeGreaterThan(before);
    // equal to the active memory: nothing more to bring online
    expect((await action('LIV02', { action: 'live_resize_mem', size: '4096M' })).status).toBe(200);
  });
});
