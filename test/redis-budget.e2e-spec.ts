import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import { LEAVE_LINE_LUA } from '#operations/testing';
import { TestRedis } from './faults/support/redis-server.js';
import { TestStack } from './support/stack.js';

/** One command as MONITOR shows it: who sent it (address, or `lua` inside a script) and its words. */
interface Seen {
  source: string;
  args: string[];
  /** When the server ran it (s). */
  time: number;
}

/**
 * Commands as the clients sent them: the commands a script runs (`lua`) are part of its one
 * EVALSHA, and a MULTI … EXEC block is one command (sent in one write, answered at once).
 */
function sent(seen: Seen[]): Seen[] {
  const out: Seen[] = [];
  const inMulti = new Set<string>();
  for (const c of seen) {
    if (c.source === 'lua') continue;
    const name = c.args[0].toLowerCase();
    if (inMulti.has(c.source)) {
      if (name === 'exec' || name === 'discard') inMulti.delete(c.source);
      continue;
    }
    if (name === 'multi') inMulti.add(c.source);
    out.push(c);
  }
  return out;
}

/**
 * The Redis cost of one submit-and-wait operation, counted in commands the api and the worker
 * send (MONITOR on a redis-server of this test's own; each process logs in as its own ACL user,
 * so the server tells them apart), so a change that adds round trips per operation fails here
 * rather than slowing a benchmark. Counts, not times.
 */
describe('Redis commands per operation', () => {
  /**
   * Ceilings for one waited `start` of a managed guest (docs/decisions/0003
   * has the table of which commands these are). The blocking reads (the worker's BZPOPMIN, the
   * api's XREAD of the queue events) are printed but not capped: how many there are depends on
   * when their timeouts fall, not on the operation.
   */
  const API_MAX = 2;
  const WORKER_MAX = 8;
  const GUESTS = ['RBUD00', 'RBUD01', 'RBUD02', 'RBUD03', 'RBUD04', 'RBUD05', 'RBUD06'];
  const BLOCKING = new Set(['bzpopmin', 'xread', 'xreadgroup', 'brpoplpush', 'blmove']);
  /**
   * Not counted either: a connection's handshake, and the hypervisor health counters, sent as
   * one batch every 250 ms while calls are made (a cost per time, not per operation).
   */
  const setup = new Set(['hello', 'info', 'client', 'select', 'auth', 'ping']);
  const perTime = (c: Seen) =>
    c.args[0].toLowerCase() === 'eval' && c.args[3]?.endsWith(':smapi-health');

  const RUNS = GUESTS.length - 1;

  let redis: TestRedis;
  let admin: Redis;
  let stack: TestStack;
  beforeAll(async () => {
    redis = await TestRedis.start();
    admin = new Redis(redis.url);
    for (const user of ['api', 'worker']) {
      await admin.call('ACL', 'SETUSER', user, 'on', 'nopass', '~*', '&*', '+@all');
    }
    const at = (user: string) => `redis://${user}@127.0.0.1:${redis.port}`;
    // no background sweeps or lock renewals inside the counted window
    // (and the backlog counted once, before it: the window is far below the limit)
    const quiet = {
      WAIT_POLL_MS: '3600000',
      RECONCILE_INTERVAL_S: '3600',
      WORKER_LOCK_S: '600',
      QUEUE_BACKLOG_CHECK_MS: '3600000',
    };
    stack = await TestStack.start({ worker: 'none', env: { ...quiet, REDIS_URL: at('api') } });
    await stack.startWorker({ REDIS_URL: at('worker') });
  });
  afterAll(async () => {
    await stack?.close();
    admin?.disconnect();
    await redis?.stop();
  });

  const serverReads = async () =>
    Number(/total_reads_processed:(\d+)/.exec(await admin.info('stats'))![1]);

  /** Which ACL user each client address is. */
  const users = async (): Promise<Map<string, string>> => {
    const list = (await admin.call('CLIENT', 'LIST')) as string;
    const map = new Map<string, string>();
    for (const line of list.trim().split('\n')) {
      const f = Object.fromEntries(line.split(' ').map((kv) => kv.split('=') as [string, string]));
      map.set(f.addr, f.user);
    }
    return map;
  };

  it(`sends at most ${API_MAX} (api) + ${WORKER_MAX} (worker) commands per start`, async () => {
    for (const userid of GUESTS) {
      const created = await stack.http('POST', '/guests', {
        body: { guest: { userid, vcpus: 1, memory: 512 } },
      });
      expect(created.status).toBe(200);
    }
    // one start before the window: the api's first backlog count, the worker's scripts loaded
    const first = await stack.http('POST', '/guests/RBUD00/action', { body: { action: 'start' } });
    expect(first.status).toBe(200);

    const readsBefore = await serverReads();
    const seen: Seen[] = [];
    const { monitor, errors } = await startMonitor(redis.url, (time, args, source) => {
      seen.push({ source, args, time: Number(time) });
    });
    for (const userid of GUESTS.slice(1)) {
      const res = await stack.http('POST', `/guests/${userid}/action`, {
        body: { action: 'start' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ overallRC: 0 });
    }
    // the worker's last commands (leaving the line, fetching the next job) follow the answer
    await new Promise((r) => setTimeout(r, 500));
    monitor.disconnect();
    expect(errors).toEqual([]);
    // socket reads of the server, both processes together: round trips, where pipelined
    // commands count once (printed only: whether two commands share a read is timing)
    const reads = (await serverReads()) - readsBefore - 1;

    const who = await users();
    const scripts = await bullScripts();
    const per = { api: new Map<string, number>(), worker: new Map<string, number>() };
    const idle = idlePolls(sent(seen), scripts);
    let idleCount = 0;
    for (const c of sent(seen)) {
      const user = who.get(c.source);
      if (user !== 'api' && user !== 'worker') continue;
      if (setup.has(c.args[0].toLowerCase()) || perTime(c)) continue;
      if (user === 'worker' && idle(c)) {
        idleCount++;
        continue;
      }
      const name = c.args[0].toLowerCase();
      const what =
        name === 'evalsha'
          ? (scripts.get(c.args[1]) ?? 'evalsha ?')
          : name === 'eval'
            ? `eval ${c.args[3]}`
            : name;
      per[user].set(what, (per[user].get(what) ?? 0) + 1);
    }
    const total = (m: Map<string, number>) =>
      [...m].filter(([k]) => !BLOCKING.has(k)).reduce((a, [, n]) => a + n, 0) / RUNS;
    const show = (m: Map<string, number>) =>
      [...m]
        .sort()
        .map(([k, n]) => `${k} ${n / RUNS}`)
        .join(', ');
    process.stdout.write(
      `Redis commands per start: api ${total(per.api)} (${show(per.api)}); ` +
        `worker ${total(per.worker)} (${show(per.worker)}); ` +
        `server socket reads per start ${(reads / RUNS).toFixed(1)}; ` +
        `idle polls left out ${idleCount}\n`,
    );
    expect(total(per.api)).toBeLessThanOrEqual(API_MAX);
    expect(total(per.worker)).toBeLessThanOrEqual(WORKER_MAX);
  });
});

/**
 * Tells the worker's idle polls: a queue's worker that has waited its whole block (BZPOPMIN's
 * timeout, BullMQ's `drainDelay` of 5 s) without a job asks for one anyway (moveToActive). The
 * worker consumes every queue, so the longer the counted window (on a loaded machine: CI ran
 * the scale-out tests beside this file), the more of those polls fall in it: a cost per time,
 * not per operation. Left out: BZPOPMIN and moveToActive on a queue the window added no job
 * to, and a moveToActive sent at least a block's timeout (less 50 ms) after the BZPOPMIN before
 * it on its queue (a job's marker ends a block at once). The queue is a key up to its last `:`.
 */
function idlePolls(seen: Seen[], scripts: Map<string, string>): (c: Seen) => boolean {
  const queueOf = (key: string) => key.slice(0, key.lastIndexOf(':'));
  const script = (c: Seen) =>
    c.args[0].toLowerCase() === 'evalsha' ? scripts.get(c.args[1]) : undefined;
  const used = new Set(
    seen.filter((c) => script(c)?.startsWith('add')).map((c) => queueOf(c.args[3])),
  );
  const blocked = new Map<string, { at: number; timeout: number }>();
  return (c) => {
    if (c.args[0].toLowerCase() === 'bzpopmin') {
      const queue = queueOf(c.args[1]);
      blocked.set(queue, { at: c.time, timeout: Number(c.args.at(-1)) });
      return !used.has(queue);
    }
    if (!script(c)?.startsWith('moveToActive')) return false;
    const queue = queueOf(c.args[3]);
    const block = blocked.get(queue);
    blocked.delete(queue);
    return !used.has(queue) || (!!block && c.time - block.at >= block.timeout - 0.05);
  };
}

/** BullMQ's scripts (and ours) by the SHA1 its EVALSHAs name them with (their file names, e.g. `moveToActive-11`). */
async function bullScripts(): Promise<Map<string, string>> {
  const dir = join(dirname(createRequire(import.meta.url).resolve('bullmq')), 'scripts');
  const byHash = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => /^[\w-]+\.js$/.test(f) && f !== 'index.js')) {
    const mod = (await import(join(dir, file))) as Record<string, { content?: string }>;
    for (const script of Object.values(mod)) {
      if (typeof script?.content !== 'string') continue;
      byHash.set(createHash('sha1').update(script.content).digest('hex'), file.slice(0, -3));
    }
  }
  byHash.set(createHash('sha1').update(LEAVE_LINE_LUA).digest('hex'), 'hvoLeaveLine');
  return byHash;
}

/**
 * A MONITOR connection. Not ioredis's `monitor()`: its connection enters monitoring mode a
 * microtask after MONITOR's OK, so lines that arrive in the same read are taken for replies to
 * no command, and it emits "Command queue state error" (twice: the second, with no listener
 * left, is thrown). Those lines are of commands run before monitoring began, so before any
 * counted here. Any other error, or one after monitoring began, is kept for the test to fail on.
 */
async function startMonitor(
  url: string,
  onLine: (time: string, args: string[], source: string) => void,
): Promise<{ monitor: Redis; errors: Error[] }> {
  const monitor = new Redis(url, { monitor: true, lazyConnect: true });
  let monitoring = false;
  const errors: Error[] = [];
  monitor.on('error', (e: Error) => {
    if (monitoring || !e.message.startsWith('Command queue state error')) errors.push(e);
  });
  monitor.on('monitor', onLine);
  // not events.once: it rejects on that first error, which is not a failure here
  const started = new Promise((resolve) => monitor.once('monitoring', resolve));
  await monitor.connect();
  await started;
  monitoring = true;
  return { monitor, errors };
}
