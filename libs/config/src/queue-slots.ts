import calculateSlot from 'cluster-key-slot';

const SLOTS = 16384;

/**
 * The queues in the order their slots are spread over the range, the busiest first
 * (bench:scale counts the commands each carries); a queue not listed comes after them.
 */
const PLACEMENT = [
  'guest-lifecycle',
  'network',
  'webhooks',
  'guest-image',
  'image-repository',
  'guest-migration',
  'maintenance',
];

/** The k-th point (k ≥ 1) of the base-2 van der Corput sequence: 1/2, 1/4, 3/4, 1/8, … */
function spread(k: number): number {
  let x = 0;
  for (let f = 0.5; k > 0; k >>= 1, f /= 2) if (k & 1) x += f;
  return x;
}

/** Half the width of the slot window a queue's tag is accepted in. */
const WINDOW = 128;

const tags = new Map<string, string>();

/**
 * A queue's hash tag on a cluster: `<prefix>:<queue>`, or `<prefix>:<queue>:<n>` with the
 * smallest n whose slot lies near the queue's aim. The aims spread the busiest queues apart
 * (½, ¼, ¾ of the range, each moved on by 1/64 off the range's halves and quarters): on a
 * cluster whose masters hold equal slot ranges, as `redis-cli --cluster create` makes them, two to
 * four masters each get one of the three busiest queues, whatever QUEUE_PREFIX is. A hash of the
 * name alone put two of them on one master for the default prefix (docs/decisions/0006).
 */
export function queueTag(prefix: string, queue: string): string {
  const known = tags.get(`${prefix}\n${queue}`);
  if (known) return known;
  const rank = PLACEMENT.includes(queue) ? PLACEMENT.indexOf(queue) : PLACEMENT.length;
  const aim = Math.round(((spread(rank + 1) + 1 / 64) % 1) * SLOTS);
  let tag = `${prefix}:${queue}`;
  for (let n = 1; n < 100_000; n++) {
    const off = Math.abs(calculateSlot(tag) - aim);
    if (Math.min(off, SLOTS - off) <= WINDOW) break;
    tag = `${prefix}:${queue}:${n}`;
  }
  tags.set(`${prefix}\n${queue}`, tag);
  return tag;
}
