// What each master of a Redis Cluster served during a measurement (bench:scale on a cluster):
// commands per master from INFO's total_commands_processed, and which queues' slots it holds.
import type { Cluster } from 'ioredis';
import { type Config, createRedisClient, isClustered, queuePrefix } from '#config';
import { QUEUES } from '#jobs';

export interface MasterShare {
  master: string;
  commands: number;
  share: number;
  queues: string[];
}

/** The masters' command counters, keyed by `host:port`. */
export type Counts = Map<string, number>;

export class MasterLoad {
  private constructor(
    private readonly cluster: Cluster,
    private readonly cfg: Config,
  ) {}

  /** null on a single server or Sentinel: there is one master, nothing to share. */
  static async open(cfg: Config): Promise<MasterLoad | null> {
    if (!isClustered(cfg)) return null;
    // a worker-role client waits for the cluster rather than failing fast: a bench has time
    const cluster = createRedisClient(cfg, 'worker') as Cluster;
    await new Promise<void>((resolve, reject) => {
      cluster.once('ready', resolve);
      cluster.once('error', reject);
    });
    return new MasterLoad(cluster, cfg);
  }

  async counts(): Promise<Counts> {
    const out: Counts = new Map();
    for (const node of this.cluster.nodes('master')) {
      const stats = await node.info('stats');
      const n = /total_commands_processed:(\d+)/.exec(stats)?.[1];
      out.set(`${node.options.host}:${node.options.port}`, Number(n ?? 0));
    }
    return out;
  }

  /** Which master holds each queue's slot (its hash tag), by `host:port`. */
  private async queuesByMaster(): Promise<Map<string, string[]>> {
    const ranges = await this.cluster.cluster('SLOTS');
    const out = new Map<string, string[]>();
    for (const q of QUEUES) {
      const slot = Number(await this.cluster.cluster('KEYSLOT', queuePrefix(this.cfg, q)));
      const range = ranges.find(([from, to]) => slot >= from && slot <= to);
      const master = range?.[2] ? `${range[2][0]}:${range[2][1]}` : '?';
      out.set(master, [...(out.get(master) ?? []), q]);
    }
    return out;
  }

  /** Commands each master served between two counts, and its share of them all. */
  async shares(before: Counts, after: Counts): Promise<MasterShare[]> {
    const placed = await this.queuesByMaster();
    const served = [...after].map(([master, n]) => ({
      master,
      commands: n - (before.get(master) ?? n),
    }));
    const total = served.reduce((a, s) => a + s.commands, 0) || 1;
    return served.map((s) => ({
      ...s,
      share: s.commands / total,
      queues: placed.get(s.master) ?? [],
    }));
  }

  close(): void {
    this.cluster.disconnect();
  }
}
