import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '#config';
import { eventually, request } from './support/http.js';
import { TestStack } from './support/stack.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** hvctl (the built dist/apps/cli) against a test stack, as a user runs it: not on a terminal. */
describe('hvctl', () => {
  let stack: TestStack;
  let home: string;
  beforeAll(async () => {
    stack = await TestStack.start();
    home = mkdtempSync(join(tmpdir(), 'hvctl-'));
  });
  afterAll(async () => {
    await stack.close();
    rmSync(home, { recursive: true, force: true });
  });

  const cache = () => join(home, 'tokens.json');
  const hvctl = (args: string[], env: Record<string, string> = {}, url = stack.url) =>
    new Promise<Run>((resolve) => {
      execFile(
        process.execPath,
        [join(repoRoot(), 'dist/apps/cli/src/main.js'), ...args],
        {
          env: {
            PATH: process.env.PATH,
            HOME: home,
            HVCTL_URL: url,
            HVCTL_ADMIN_TOKEN_FILE: stack.config.TOKEN_PATH,
            HVCTL_TOKEN_CACHE: cache(),
            ...env,
          },
        },
        (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      );
    });

  it('creates a guest, following its steps with one line per event', async () => {
    const run = await hvctl([
      'guests',
      'create',
      'cli01',
      '--vcpus',
      '1',
      '--memory',
      '512',
      '--disk',
      '1g',
    ]);
    expect(run.stderr).toMatch(/^\d+\.\ds step define user started$/m);
    expect(run.stderr).toMatch(/^\d+\.\ds step define user ended ok$/m);
    expect(run.stderr).toMatch(/^\d+\.\ds progress 100% /m);
    expect(run.stderr).toMatch(/^\d+\.\ds succeeded$/m);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^vdev\s+size\s+disk_pool\n0100\s+1g\s+ECKD:POOL1$/m);
    // the short-lived token is cached for the next run, readable by its owner only
    expect(statSync(cache()).mode & 0o777).toBe(0o600);
  });

  it('reuses the cached token, and renews one the service refuses', async () => {
    const noAdmin = { HVCTL_ADMIN_TOKEN_FILE: join(home, 'missing') };
    expect((await hvctl(['guests', 'list'], noAdmin)).stdout).toContain('CLI01');
    writeFileSync(cache(), JSON.stringify({ [stack.url]: 'x.eyJleHAiOjk5OTk5OTk5OTl9.y' }));
    const renewed = await hvctl(['guests', 'list']);
    expect(renewed.code).toBe(0);
    expect(renewed.stdout).toContain('CLI01');
    const refused = await hvctl(['guests', 'list'], {
      ...noAdmin,
      HVCTL_TOKEN_CACHE: join(home, 'none.json'),
    });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('the service wants a token');
  });

  it('--no-wait prints the operation id; ops watch follows it to its end', async () => {
    const run = await hvctl(['guests', 'start', 'cli01', '--no-wait']);
    expect(run.code).toBe(0);
    const id = run.stdout.trim();
    expect(id).toMatch(UUID);
    const watch = await hvctl(['ops', 'watch', id]);
    expect(watch.code).toBe(0);
    expect(watch.stderr).toMatch(/succeeded\n$/);
    const shown = await hvctl(['--json', 'ops', 'show', id]);
    expect(JSON.parse(shown.stdout).output).toMatchObject({ id, status: 'succeeded' });
  });

  it('exits 1 with the envelope errmsg when the operation fails', async () => {
    const run = await hvctl(['guests', 'create', 'cli01', '--vcpus', '1', '--memory', '512']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^\d+\.\ds failed$/m);
    expect(run.stderr).toMatch(/hvctl: .*already defined.* \(overallRC 8, rc 400, rs 8\)\n$/);
  });

  it('exits 2 with the errmsg of a request refused as invalid, and --json prints the envelope', async () => {
    const run = await hvctl([
      '--json',
      'guests',
      'create',
      'cli02',
      '--vcpus',
      '0',
      '--memory',
      '512',
    ]);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({ overallRC: 400 });
    expect(run.stderr).toContain('vcpus');
  });

  it('--dry-run prints the plan and changes nothing; an infeasible one exits 1', async () => {
    const create = ['guests', 'create', 'clidry', '--memory', '512', '--disk', '1g'];
    const plan = await hvctl([...create, '--vcpus', '1', '--dry-run']);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('guest.create CLIDRY: feasible');
    expect(plan.stdout).toMatch(/define user\s+Image_Create_DM/);
    expect((await hvctl(['guests', 'list'])).stdout).not.toContain('CLIDRY');

    const json = await hvctl(['--json', '--dry-run', ...create, '--vcpus', '1']);
    expect(JSON.parse(json.stdout).output).toMatchObject({ feasible: true, kind: 'guest.create' });

    // more CPUs than the simulated host has (16), within the directory's maximum
    const big = await hvctl([...create, '--vcpus', '20', '--max-cpu', '32', '--dry-run']);
    expect(big.code).toBe(1);
    expect(big.stdout).toContain('NOT feasible');
    expect(big.stdout).toContain('vcpus: vcpus 20 is more than the 16 CPUs of the host');
    expect(big.stderr).toContain('not feasible (dry run)');

    expect((await hvctl(['guests', 'list', '--dry-run'])).code).toBe(2);
  });

  it('exits 5 with a clear message when the service cannot be reached', async () => {
    const run = await hvctl(['guests', 'list'], {}, 'http://127.0.0.1:1');
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('cannot reach http://127.0.0.1:1');
  });

  describe('exit status by class, output formats, user agent (issue #60)', () => {
    it('lists the exit statuses in --help, and exits 0 there', async () => {
      const run = await hvctl(['--help']);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        /Exit status:\n {2}0 {2}ok\n {2}1 .*\n {2}2 {2}usage.*\n {2}3 {2}not found\n {2}4 .*\n {2}5 /,
      );
      expect(run.stdout).toContain('-o, --output <format>');
    });

    it('exits 2 on bad arguments, 3 on what does not exist, 4 on a refused admin token', async () => {
      expect((await hvctl(['guests', 'frobnicate'])).code).toBe(2);
      expect((await hvctl(['guests', 'create', 'cli09'])).code).toBe(2); // --vcpus missing
      expect((await hvctl(['--output', 'yaml', 'guests', 'list'])).code).toBe(2);
      const missing = await hvctl(['guests', 'show', 'nobody1']);
      expect(missing.code).toBe(3);
      expect(missing.stderr).toMatch(/^hvctl: .*NOBODY1/);
      expect((await hvctl(['ops', 'watch', '00000000-0000-4000-8000-000000000000'])).code).toBe(3);
      const wrong = join(home, 'wrong-token');
      writeFileSync(wrong, 'not-the-admin-token');
      const refused = await hvctl(['guests', 'list'], {
        HVCTL_ADMIN_TOKEN_FILE: wrong,
        HVCTL_TOKEN_CACHE: join(home, 'wrong.json'),
      });
      expect(refused.code).toBe(4);
      expect(refused.stderr).toContain('login refused (401)');
    });

    it('--output json prints what --json prints; ops show has its steps as a table', async () => {
      const run = await hvctl(['guests', 'start', 'cli01', '--no-wait']);
      const id = run.stdout.trim();
      expect((await hvctl(['ops', 'watch', id])).code).toBe(0);
      const viaOutput = await hvctl(['--output', 'json', 'ops', 'show', id]);
      const viaJson = await hvctl(['--json', 'ops', 'show', id]);
      expect(JSON.parse(viaOutput.stdout)).toEqual(JSON.parse(viaJson.stdout));
      const op = JSON.parse(viaJson.stdout).output;
      // hvctl says who it is, and the service's audit keeps it
      expect(op.user_agent).toMatch(/^hvctl\/\d+\.\d+\.\d+/);
      const shown = await hvctl(['ops', 'show', id]);
      expect(shown.code).toBe(0);
      expect(shown.stdout).toMatch(new RegExp(`^id: ${id}$`, 'm'));
      expect(shown.stdout).toMatch(/^created_at: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/m);
      expect(shown.stdout).toMatch(/^step\s+started_at\s+ms\s+result\s+rc\s+rs$/m);
      for (const step of op.steps) {
        expect(shown.stdout).toMatch(
          new RegExp(`^${escape(step.name)}\\s+${step.started_at}\\s+\\d+\\s+ok`, 'm'),
        );
      }
    });
  });

  describe('the operator verbs (issue #59)', () => {
    const fault = (f: object) => request(stack.simUrl, 'POST', '/admin/faults', { body: f });
    afterEach(() => request(stack.simUrl, 'DELETE', '/admin/faults'));
    const opOf = async (id: string) => (await stack.http('GET', `/operations/${id}`)).body.output;

    it('ops cancel says cancelling at once, then follows the undo to its end', async () => {
      // the first disk hangs; the cancel is seen before the second
      await fault({
        function: 'Image_Disk_Create_DM',
        target: 'CLIC01',
        match: '"vdev":"0100"',
        hang_ms: 4000,
      });
      const sub = await hvctl([
        ...['guests', 'create', 'clic01', '--vcpus', '1', '--memory', '512'],
        ...['--disk', '1g', '--disk', '1g', '--no-wait'],
      ]);
      const id = sub.stdout.trim();
      await eventually(async () => ((await opOf(id)).status === 'running' ? true : undefined));
      const started = Date.now();
      const child = execFile(
        process.execPath,
        [join(repoRoot(), 'dist/apps/cli/src/main.js'), 'ops', 'cancel', id],
        {
          env: {
            PATH: process.env.PATH,
            HOME: home,
            HVCTL_URL: stack.url,
            HVCTL_ADMIN_TOKEN_FILE: stack.config.TOKEN_PATH,
            HVCTL_TOKEN_CACHE: cache(),
          },
        },
      );
      let stderr = '';
      let stdout = '';
      let saidAt = 0;
      child.stderr!.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (!saidAt && stderr.includes('cancelling')) saidAt = Date.now();
      });
      child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
      const code = await new Promise<number>((r) => child.on('exit', (c) => r(c ?? 1)));
      // at once, not after the running step (4 s) has finished
      expect(saidAt).toBeGreaterThan(0);
      expect(saidAt - started).toBeLessThan(3000);
      expect(stderr).toContain(`cancelling ${id}`);
      expect(stderr).toMatch(/undo define user/); // the undo, followed
      expect(code).toBe(0);
      expect(stdout).toBe(`${id} cancelled\n`);
      expect((await opOf(id)).status).toBe('cancelled');
    });

    it('ops retry runs a failed operation again; a second retry exits 1', async () => {
      await fault({ function: 'Image_Create_DM', target: 'CLIR01', rc: 596, rs: 3 });
      const failed = await hvctl([
        'guests',
        'create',
        'clir01',
        '--vcpus',
        '1',
        '--memory',
        '512',
        '--no-wait',
      ]);
      const id = failed.stdout.trim();
      await eventually(async () => ((await opOf(id)).status === 'failed' ? true : undefined));
      const retry = await hvctl(['ops', 'retry', id]);
      expect(retry.code).toBe(0);
      expect(retry.stderr).toMatch(/succeeded\n$/);
      const retriedBy = (await opOf(id)).retried_by;
      expect((await opOf(retriedBy)).retry_of).toBe(id);
      const again = await hvctl(['ops', 'retry', id]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`retried by operation ${retriedBy}`);
    });

    it('ops resolve retries the undo, or marks it resolved with a note', async () => {
      const stuck = async (userid: string) => {
        await fault({
          function: 'Image_Disk_Create_DM',
          target: userid,
          match: '"vdev":"0101"',
          rc: 596,
          rs: 3,
        });
        await fault({ function: 'Image_Delete_DM', target: userid, crash: 'http500', times: 0 });
        const sub = await hvctl([
          ...['guests', 'create', userid, '--vcpus', '1', '--memory', '512'],
          ...['--disk', '1g', '--disk', '1g', '--no-wait'],
        ]);
        const id = sub.stdout.trim();
        await eventually(
          async () => ((await opOf(id)).status === 'needs_attention' ? true : undefined),
          30000,
        );
        return id;
      };
      const a = await stuck('clis01');
      const still = await hvctl(['ops', 'resolve', a]);
      expect(still.code).toBe(1);
      expect(still.stderr).toContain('still needs attention');
      const b = await stuck('clis02');
      const marked = await hvctl([
        'ops',
        'resolve',
        b,
        '--mark',
        'resolved',
        '--note',
        'done by hand',
      ]);
      expect(marked.code).toBe(0);
      expect(marked.stdout).toMatch(/^status: failed$/m);
      expect((await opOf(b)).resolutions[0]).toMatchObject({
        how: 'marked_resolved',
        note: 'done by hand',
      });
      await request(stack.simUrl, 'DELETE', '/admin/faults');
      const undone = await hvctl(['ops', 'resolve', a]);
      expect(undone.code).toBe(0);
      expect(undone.stdout).toMatch(/^status: failed$/m);
      const refused = await hvctl(['ops', 'resolve', a]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('not needs_attention');
    });
  });

  describe('a service running with AUTH=none', () => {
    let open: TestStack;
    beforeAll(async () => {
      open = await TestStack.start({ worker: 'none', env: { AUTH: 'none' } });
    });
    afterAll(() => open.close());

    it('needs no admin token and caches none', async () => {
      const env = {
        HVCTL_ADMIN_TOKEN_FILE: join(home, 'missing'),
        HVCTL_TOKEN_CACHE: join(home, 'open.json'),
      };
      const run = await hvctl(['--json', 'guests', 'list'], env, open.url);
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ overallRC: 0, output: [] });
      expect(existsSync(join(home, 'open.json'))).toBe(false);
    });
  });

  describe('a dropped events stream', () => {
    let proxy: Server;
    let proxyUrl: string;
    let cut = 0;
    beforeAll(async () => {
      const api = new URL(stack.url);
      // cuts the first events stream after its first bytes: hvctl must resume, not restart
      proxy = createServer((client: Socket) => {
        const upstream = connect(Number(api.port), api.hostname);
        let events = false;
        client.on('data', (d: Buffer) => {
          if (/^GET \/operations\/[^ ]+\/events/.test(d.toString())) events = true;
          upstream.write(d);
        });
        upstream.on('data', (d: Buffer) => {
          client.write(d);
          if (events && cut === 0 && d.toString().includes('id: 2')) {
            cut++;
            client.destroy();
            upstream.destroy();
          }
        });
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
      proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    });
    afterAll(() => new Promise<void>((r) => proxy.close(() => r())));

    it('resumes after the last event seen (Last-Event-ID), showing no step twice', async () => {
      const run = await hvctl(
        [
          'guests',
          'create',
          'cli03',
          '--vcpus',
          '1',
          '--memory',
          '512',
          '--disk',
          '1g',
          '--disk',
          '1g',
        ],
        {},
        proxyUrl,
      );
      expect(cut).toBe(1);
      expect(run.stderr).toMatch(/^\d+\.\ds reconnecting \(1\)$/m);
      expect(run.code).toBe(0);
      const steps = run.stderr.split('\n').filter((l) => / step /.test(l));
      expect(new Set(steps.map((l) => l.replace(/^\S+ /, ''))).size).toBe(steps.length);
      expect(steps.filter((l) => /step create disk 0101 ended ok/.test(l))).toHaveLength(1);
    });
  });
});
