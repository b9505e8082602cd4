import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sparePort } from '#testing';

/**
 * A real redis-server of the test's own, with AOF (fsync always, so a kill -9 loses nothing
 * it acknowledged), that can be killed outright and started again on the same port and data.
 */
export class TestRedis {
  private proc?: ChildProcess;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<TestRedis> {
    const r = new TestRedis(await sparePort(), mkdtempSync(join(tmpdir(), 'hvo-redis-')));
    await r.restart();
    return r;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async restart(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir];
    args.push('--appendonly', 'yes', '--appendfsync', 'always', '--save', '');
    const proc = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc = proc;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      proc.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (/Ready to accept connections/.test(out)) resolve();
      });
      proc.once('exit', (code) => reject(new Error(`redis-server exited ${code}: ${out}`)));
    });
  }

  /** kill -9. */
  async kill(): Promise<void> {
    const p = this.proc;
    this.proc = undefined;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export { sparePort };
