import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { admitASlicePerTurn, AT_ONCE_ROUTE } from './turn-admission.js';

const nextTurn = () => new Promise<void>((r) => setImmediate(r));

/** The onRequest hook the function registers, called as Fastify would. */
function hook(): (config: object, done: () => void) => void {
  let registered: onRequestHookHandler | undefined;
  admitASlicePerTurn({
    addHook: (_name: string, fn: onRequestHookHandler) => (registered = fn),
  } as unknown as FastifyInstance);
  return (config, done) =>
    // a stand-in request and reply: the hook reads only the route's config
    (registered as unknown as (req: object, reply: object, done: () => void) => void)(
      { routeOptions: { config } },
      {},
      done,
    );
}

describe('admitASlicePerTurn', () => {
  it('lets a burst go on a slice per turn, in arrival order, and a probe at once', async () => {
    const onRequest = hook();
    const went: string[] = [];
    for (let i = 0; i < 250; i++) onRequest({}, () => went.push(String(i)));
    onRequest({ [AT_ONCE_ROUTE]: true }, () => went.push('probe'));
    // the first hundred went on in the turn they arrived in; the probe, arriving last, too
    expect(went).toEqual([...Array.from({ length: 100 }, (_, i) => String(i)), 'probe']);
    await nextTurn();
    expect(went).toHaveLength(201);
    await nextTurn();
    expect(went.filter((w) => w !== 'probe')).toEqual(
      Array.from({ length: 250 }, (_, i) => String(i)),
    );
  });

  it('lets ordinary load go on at once', () => {
    const onRequest = hook();
    let went = 0;
    for (let i = 0; i < 50; i++) onRequest({}, () => went++);
    expect(went).toBe(50);
  });
});
