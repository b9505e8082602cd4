import { EventEmitter } from 'node:events';
import { RedisLinks } from './redis-links.js';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });

function setup() {
  const lines: string[] = [];
  const links = new RedisLinks({
    warn: (m: unknown) => void lines.push(`warn ${String(m)}`),
    log: (m: unknown) => void lines.push(`log ${String(m)}`),
    debug: () => undefined,
  });
  return { lines, links };
}

describe('RedisLinks', () => {
  it('reports a lost connection once, however often it fails to reconnect, and when it is back', () => {
    const { lines, links } = setup();
    const client = new EventEmitter();
    links.watch(client, 'coordination', client);
    for (let i = 0; i < 100; i++) client.emit('error', refused());
    expect(lines).toEqual([
      'warn Redis connection lost (connect ECONNREFUSED 127.0.0.1:6379, coordination); retrying',
    ]);
    expect(links.lost).toBe(true);
    client.emit('ready');
    expect(links.lost).toBe(false);
    client.emit('error', refused());
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('log Redis connection back');
  });

  it('says it once for the process, however many of its connections lose Redis', () => {
    const { lines, links } = setup();
    const [a, b] = [new EventEmitter(), new EventEmitter()];
    links.watch(a, 'queue a', a);
    links.watch(b, 'worker a', b);
    for (let i = 0; i < 10; i++) [a, b].forEach((e) => e.emit('error', refused()));
    expect(lines).toHaveLength(1);
    a.emit('ready');
    expect(lines).toHaveLength(1); // not all back yet
    b.emit('ready');
    expect(lines).toEqual([expect.stringContaining('queue a'), 'log Redis connection back']);
  });

  it('says other errors each time, without counting the connection lost', () => {
    const { lines, links } = setup();
    const q = new EventEmitter();
    links.watch(q, 'queue a');
    q.emit('error', new Error('ERR Error running script'));
    q.emit('error', new Error('ERR Error running script'));
    expect(lines).toEqual([
      'warn queue a: ERR Error running script',
      'warn queue a: ERR Error running script',
    ]);
    expect(links.lost).toBe(false);
  });

  it('calls onLoss at the first loss, or at once when one is lost already', () => {
    const { links } = setup();
    const c = new EventEmitter();
    links.watch(c, 'c');
    const calls: string[] = [];
    links.onLoss(() => calls.push('before'));
    expect(calls).toEqual([]);
    c.emit('error', refused());
    c.emit('error', refused());
    links.onLoss(() => calls.push('after'));
    expect(calls).toEqual(['before', 'after']);
  });

  it('gives a BullMQ object an error listener (else BullMQ prints every failure) and hears its backend', () => {
    const { lines, links } = setup();
    const client = new EventEmitter();
    const queue = Object.assign(new EventEmitter(), { getBackend: () => client });
    links.watchBull(queue, 'queue q');
    expect(queue.listenerCount('error')).toBe(1);
    queue.emit('error', refused());
    queue.emit('error', refused());
    client.emit('ready');
    expect(lines).toEqual([
      expect.stringContaining('Redis connection lost'),
      'log Redis connection back',
    ]);
  });
});
