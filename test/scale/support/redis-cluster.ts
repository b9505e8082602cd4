import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Cluster } from 'ioredis';
import { sparePort } from '../../faults/support/redis-server.js';

const exec = promisify(execFile);

function serve(args: string[]): Promise<ChildProcess> {
  const proc = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (/Ready to accept connections/.test(out)) resolve(proc);
    });
    proc.once('exit', (code) => reject(new Error(`redis-server exited ${code}: ${out}`)));
  });
}

/**
 * A Redis Cluster of `masters` masters (no replicas) on spare loopback ports, from the machine's
 * redis-server and `redis-cli --cluster create`. The bus port is chosen too (`--cluster-port`):
 * the default, port + 10000, may be past 65535 for an ephemeral port.
 */
export class TestRedisCluster {
  private constructor(
    private readonly dir: string,
    private readonly procs: ChildProcess[],
    readonly ports: number[],
  ) {}

  static async start(masters = 3): Promise<TestRedisCluster> {
    const dir = mkdtempSync(join(tmpdir(), 'hvo-cluster-'));
    const procs: ChildProcess[] = [];
    const ports: number[] = [];
    try {
      for (let i = 0; i < masters; i++) {
        const [port, bus] = [await sparePort(), await sparePort()];
        const args = ['--port', String(port), '--cluster-port', String(bus)];
        args.push('--bind', '127.0.0.1', '--cluster-enabled', 'yes', '--save', '');
        args.push('--cluster-config-file', join(dir, `nodes-${port}.conf`), '--dir', dir);
        procs.push(await serve(args));
        ports.push(port);
      }
      const nodes = ports.map((p) => `127.0.0.1:${p}`);
      await exec('redis-cli', ['--cluster', 'create', ...nodes, '--cluster-yes']);
      const cluster = new TestRedisCluster(dir, procs, ports);
      await cluster.waitUntilOk();
      return cluster;
    } catch (e) {
      await new TestRedisCluster(dir, procs, ports).stop();
      throw e;
    }
  }

  /** REDIS_CLUSTER_NODES for the stack's processes. */
  get nodes(): string {
    return this.ports.map((p) => `127.0.0.1:${p}`).join(',');
  }

  /** A client of the test's own (close it). */
  client(): Cluster {
    return new Cluster(this.ports.map((port) => ({ host: '127.0.0.1', port })));
  }

  /** Slot of a key, as the cluster computes it. */
  async keyslot(client: Cluster, key: string): Promise<number> {
    return Number(await client.call('CLUSTER', 'KEYSLOT', key));
  }

  private async waitUntilOk(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const states = await Promise.all(
        this.ports.map(async (p) => {
          const { stdout } = await exec('redis-cli', ['-p', String(p), 'cluster', 'info']);
          return /cluster_state:ok/.test(stdout);
        }),
      );
      if (states.every(Boolean)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the test cluster never reached cluster_state:ok');
  }

  async stop(): Promise<void> {
    for (const p of this.procs) {
      if (p.exitCode === null && p.signalCode === null) {
        const exited = new Promise((r) => p.once('exit', r));
        p.kill('SIGKILL');
        await exited;
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
