import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_ENTRY, repoRoot } from '#config';
import { sparePort } from '#testing';
import { eventually } from './support/http.js';

type Line = Record<string, any>;

/**
 * The reader of a process's output can stall: journald under load, a container runtime's log
 * driver, a shipper restarting. The api then keeps answering; its lines wait for the reader
 * (up to 1 MiB of them) or, past that, are dropped and counted: in /metrics at once, and in a
 * line of their own once the reader is back. Lines used to be written on the event loop, which
 * froze once the pipe was full (some 800 request lines here) until the reader came back.
 */
describe('the api while nobody reads its output', () => {
  const root = repoRoot();
  let dataDir: string;
  let proc: ChildProcess;
  let base: string;
  let out = '';
  const read = (d: Buffer) => (out += d.toString());

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hvo-stall-'));
    const port = await sparePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH: 'none',
      QUEUE_PREFIX: `s${randomBytes(4).toString('hex')}`,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      // no operation is submitted: the hypervisor is never called
      HV_TRANSPORT: 'simulator',
      HV_SIMULATOR_URL: 'http://127.0.0.1:9',
    };
    delete env.DATABASE_URL;
    execFileSync(process.execPath, ['dist/scripts/migrate.js'], { cwd: root, env, stdio: 'pipe' });
    // a pipe, as a service manager gives it, read by this test only when it says so
    proc = spawn(process.execPath, [join('dist', BUILT_ENTRY.api)], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    proc.stdout!.on('data', read);
    base = `http://127.0.0.1:${port}`;
    await eventually(
      async () => ((await fetch(`${base}/health/live`).catch(() => null))?.ok ? true : undefined),
      30000,
      () => `api up:\n${out}`,
    );
  }, 60_000);

  afterAll(async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.stdout!.resume();
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const stopReading = () => {
    proc.stdout!.off('data', read);
    proc.stdout!.pause();
  };
  const readAgain = () => {
    proc.stdout!.on('data', read);
    proc.stdout!.resume();
  };
  // whole lines only: what was read so far may end in the middle of one
  const lines = (): Line[] =>
    out
      .slice(0, out.lastIndexOf('\n'))
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Line);
  const versionLines = () => lines().filter((l) => l.msg === 'request' && l.route === '/');
  const dropNotes = () => lines().filter((l) => l.msg === 'log lines dropped');

  /** `n` GET / at 25 at a time, each given 10 s: how many were answered before one was not. */
  async function versions(n: number): Promise<number> {
    let next = 0;
    let answered = 0;
    let stuck = false;
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        while (!stuck && next++ < n) {
          const res = await fetch(`${base}/`, { signal: AbortSignal.timeout(10000) }).catch(
            () => null,
          );
          if (res?.ok) answered++;
          else stuck = true;
          await res?.arrayBuffer();
        }
      }),
    );
    return answered;
  }

  const probe = async () =>
    (await fetch(`${base}/health/live`, { signal: AbortSignal.timeout(10000) }).catch(() => null))
      ?.status;

  it('answers while its lines wait, and writes every one of them once read again', async () => {
    const before = versionLines().length;
    stopReading();
    // some 0.8 MB of lines: more than the pipe holds, less than what may wait
    expect(await versions(3000)).toBe(3000);
    expect(await probe()).toBe(200);
    readAgain();
    await eventually(
      () => Promise.resolve(versionLines().length >= before + 3000 ? true : undefined),
      15000,
      () => `3000 more request lines, ${versionLines().length - before} seen`,
    );
    expect(dropNotes()).toEqual([]);
  }, 60_000);

  it('drops and counts the lines past what may wait, and says so once read again', async () => {
    const admin = readFileSync(join(dataDir, 'token.dat'), 'utf8').trim();
    const metrics = async () => {
      const res = await fetch(`${base}/metrics`, {
        headers: { authorization: `Basic ${Buffer.from(`ops:${admin}`).toString('base64')}` },
      });
      return Number(/^hvo_log_lines_dropped_total (\d+)$/m.exec(await res.text())?.[1]);
    };
    expect(await metrics()).toBe(0);
    const before = versionLines().length;
    stopReading();
    // some 2.8 MB of lines: past the 1 MiB that may wait and the pipe
    expect(await versions(10000)).toBe(10000);
    expect(await probe()).toBe(200);
    const counted = await metrics();
    expect(counted).toBeGreaterThan(0);
    readAgain();
    // the drops are told in notes (each of those since the one before), the last ones with the
    // first lines written once the reader is back: every line made is then either written or
    // told of (10,000 GET /, the probe's, the scrapes' and those of the GET / sent here)
    const told = () => dropNotes().reduce((n, l) => n + (l.dropped_lines as number), 0);
    const accounted = () => versionLines().length - before + told();
    await eventually(
      async () => {
        await fetch(`${base}/`);
        return accounted() >= 10000 ? true : undefined;
      },
      15000,
      () => `10,000 lines written or told of, ${accounted()} seen:\n${out.slice(-2000)}`,
    );
    expect(told()).toBeGreaterThanOrEqual(counted);
    expect(versionLines().length - before).toBeLessThan(10000);
    expect(accounted()).toBeLessThanOrEqual(10000 + 3 + 200);
    for (const note of dropNotes()) expect(note).toMatchObject({ level: 'warn', name: 'api' });
  }, 90_000);
});
