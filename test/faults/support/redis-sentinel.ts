import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { sparePort } from './redis-server.js';

function run(args: string[]): Promise<ChildProcess> {
  const proc = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (/Ready to accept connections|Sentinel ID is/.test(out)) resolve(proc);
    });
    proc.once('exit', (code) => reject(new Error(`redis-server exited ${code}: ${out}`)));
  });
}

const MASTER = 'hvo';

/**
 * A master, one replica and three sentinels (quorum 2, down after 1 s) on spare loopback
 * ports, from the machine's redis-server: what a production Sentinel set looks like, small.
 */
export class TestSentinelSet {
  private constructor(
    private readonly dir: string,
    private readonly servers: Map<number, ChildProcess>,
    private readonly sentinelPorts: number[],
  ) {}

  static async start(): Promise<TestSentinelSet> {
    const dir = mkdtempSync(join(tmpdir(), 'hvo-sentinel-'));
    const servers = new Map<number, ChildProcess>();
    const [master, replica] = [await sparePort(), await sparePort()];
    const base = (port: number) => ['--port', String(port), '--bind', '127.0.0.1', '--save', ''];
    servers.set(master, await run([...base(master), '--dir', dir, '--dbfilename', `m.rdb`]));
    servers.set(
      replica,
      await run([...base(replica), '--replicaof', '127.0.0.1', String(master), '--dir', dir]),
    );
    const sentinelPorts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const port = await sparePort();
      const conf = join(dir, `sentinel-${port}.conf`);
      writeFileSync(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${dir}`,
          `sentinel monitor ${MASTER} 127.0.0.1 ${master} 2`,
          `sentinel down-after-milliseconds ${MASTER} 1000`,
          `sentinel failover-timeout ${MASTER} 5000`,
          '',
        ].join('\n'),
      );
      servers.set(port, await run([conf, '--sentinel']));
      sentinelPorts.push(port);
    }
    return new TestSentinelSet(dir, servers, sentinelPorts);
  }

  get url(): string {
    return `redis+sentinel://${this.sentinelPorts.map((p) => `127.0.0.1:${p}`).join(',')}/${MASTER}`;
  }

  /** The port of the current master, as the sentinels see it. */
  async masterPort(): Promise<number> {
    const s = new Redis({ port: this.sentinelPorts[0], host: '127.0.0.1' });
    try {
      const [, port] = (await s.call('SENTINEL', 'get-master-addr-by-name', MASTER)) as string[];
      return Number(port);
    } finally {
      s.disconnect();
    }
  }

  /** kill -9 of the current master: the sentinels promote the replica. */
  async killMaster(): Promise<number> {
    const port = await this.masterPort();
    const p = this.servers.get(port)!;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await exited;
    this.servers.delete(port);
    return port;
  }

  async stop(): Promise<void> {
    for (const p of this.servers.values()) {
      if (p.exitCode === null && p.signalCode === null) {
        const exited = new Promise((r) => p.once('exit', r));
        p.kill('SIGKILL');
        await exited;
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
