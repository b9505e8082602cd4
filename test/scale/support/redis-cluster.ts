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
 * the default, port + 10000, may be past 65535 for an ephemeral port. Each node keeps an AOF
 * (fsync always), so masters killed outright and started again lose nothing they acknowledged.
 */
export class TestRedisCluster {
  private constructor(
    private readonly dir: string,
    private readonly procs: ChildProcess[],
    readonly ports: number[],
    private readonly buses: number[],
  ) {}

  private args(i: number): string[] {
    const [port, bus] = [this.ports[i], this.buses[i]];
    const args = ['--port', String(port), '--cluster-port', String(bus)];
    args.push('--bind', '127.0.0.1', '--cluster-enabled', 'yes', '--save', '');
    args.push('--appendonly', 'yes', '--appendfsync', 'always', '--appenddirname', `aof-${port}`);
    args.push('--cluster-config-file', join(this.dir, `nodes-${port}.conf`), '--dir', this.dir);
    return args;
  }

  static async start(masters = 3): Promise<TestRedisCluster> {
    const cluster = new TestRedisCluster(mkdtempSync(join(tmpdir(), 'hvo-cluster-')), [], [], []);
    try {
      for (let i = 0; i < masters; i++) {
        cluster.ports.push(await sparePort());
        cluster.buses.push(await sparePort());
        cluster.procs.push(await serve(cluster.args(i)));
      }
      const nodes = cluster.ports.map((p) => `127.0.0.1:${p}`);
      await exec('redis-cli', ['--cluster', 'create', ...nodes, '--cluster-yes']);
      await cluster.waitUntilOk();
      return cluster;
    } catch (e) {
      await cluster.stop();
      throw e;
    }
  }

  /** kill -9 of every master: the whole cluster is down. */
  async killAll(): Promise<void> {
    await Promise.all(this.procs.map(kill));
  }

  /** Every node started again on its port, AOF and cluster config; resolves once it is ok. */
  async restartAll(): Promise<void> {
    for (let i = 0; i < this.procs.length; i++) {
      await kill(this.procs[i]);
      this.procs[i] = await serve(this.args(i));
    }
    await this.waitUntilOk();
  }

  /** REDIS_CLUSTER_NODES for the stack's processes. */
  get nodes(): string {
    return this.ports.map((p) => `127.0.0.1:${p}`).join(',');
  }

  /** A client of the test's own (close it). */
  client(): Cluster {
    const client = new Cluster(this.ports.map((port) => ({ host: '127.0.0.1', port })));
    client.on('error', () => undefined); // while the test has the cluster down
    return client;
  }

  /** Slot of a key, as the cluster computes it. */
  async keyslot(client: Cluster, key: string): Promise<number> {
    return Number(await client.call('CLUSTER', 'KEYSLOT', key));
  }

  private async waitUntilOk(): Promise<void> {
    for (let i = 0; i < 300; i++) {
      const states = await Promise.all(
        this.ports.map(async (p) => {
          const info = exec('redis-cli', ['-p', String(p), 'cluster', 'info']);
          return /cluster_state:ok/.test((await info.catch(() => ({ stdout: '' }))).stdout);
        }),
      );
      if (states.every(Boolean)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the test cluster never reached cluster_state:ok');
  }

  async stop(): Promise<void> {
    await this.killAll();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

async function kill(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.signalCode !== null) return;
  const exited = new Promise((r) => p.once('exit', r));
  p.kill('SIGKILL');
  await exited;
}
