import { jest } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { RedisLinks } from './redis-links.js';
import { LOST_REDIS_GRACE_MS, stopOnSignals } from './stop-on-signals.js';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });

function setup(close: () => Promise<void>) {
  const lines: string[] = [];
  const log = {
    log: (m: unknown) => void lines.push(`log ${String(m)}`),
    warn: (m: unknown) => void lines.push(`warn ${String(m)}`),
    error: (m: unknown) => void lines.push(`error ${String(m)}`),
    debug: () => undefined,
  };
  const links = new RedisLinks(log);
  const redis = new EventEmitter();
  links.watch(redis, 'queue q', redis);
  const exits: number[] = [];
  const signals = new EventEmitter();
  const proc = {
    on: (event: string, listener: () => void) => signals.on(event, listener),
    exit: (code: number) => void exits.push(code),
    emit: (event: string) => signals.emit(event),
  };
  let closes = 0;
  stopOnSignals({
    close: () => {
      closes++;
      return close();
    },
    doing: 'finishing running operations',
    graceMs: 30_000,
    leftBehind: 'operations still running (they resume at the next start)',
    log,
    links,
    proc,
  });
  return { lines, redis, proc, exits, closes: () => closes };
}

const never = () => new Promise<void>(() => undefined);

describe('stopOnSignals', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('exits 0 once the close ends', async () => {
    const s = setup(() => Promise.resolve());
    s.proc.emit('SIGTERM');
    await jest.advanceTimersByTimeAsync(0);
    expect(s.exits).toEqual([0]);
    expect(s.lines[0]).toBe('log SIGTERM: finishing running operations (at most 30 s)');
  });

  it('waits the whole grace for a close while Redis answers', async () => {
    const s = setup(never);
    s.proc.emit('SIGINT');
    await jest.advanceTimersByTimeAsync(29_000);
    expect(s.exits).toEqual([]);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(s.exits).toEqual([1]);
    expect(s.lines.at(-1)).toMatch(/^error grace period over/);
  });

  it('ends the wait soon after Redis is lost during the stop (its group was signalled too)', async () => {
    const s = setup(never);
    s.proc.emit('SIGTERM');
    await jest.advanceTimersByTimeAsync(500);
    for (let i = 0; i < 50; i++) s.redis.emit('error', refused());
    await jest.advanceTimersByTimeAsync(LOST_REDIS_GRACE_MS);
    expect(s.exits).toEqual([1]);
    expect(s.lines.filter((l) => l.includes('Redis connection lost'))).toHaveLength(1);
    expect(s.lines.at(-1)).toMatch(/^error Redis is gone; exiting without waiting for it/);
  });

  it('does not wait for Redis lost before the stop began', async () => {
    const s = setup(never);
    s.redis.emit('error', refused());
    s.proc.emit('SIGTERM');
    await jest.advanceTimersByTimeAsync(LOST_REDIS_GRACE_MS);
    expect(s.exits).toEqual([1]);
  });

  it('takes a second signal (the group’s, then the launcher’s) as the same stop', async () => {
    const s = setup(never);
    s.proc.emit('SIGINT');
    s.proc.emit('SIGTERM');
    s.proc.emit('SIGTERM');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(s.closes()).toBe(1);
    expect(s.exits).toEqual([]);
  });
});
