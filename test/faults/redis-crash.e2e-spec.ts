import { eventually } from '../support/http.js';
import { TestStack } from '../support/stack.js';
import { createBurst, expectTruthfulBurst } from './support/burst.js';
import { TestRedis } from './support/redis-server.js';

/**
 * Redis killed (kill -9) under a burst of submissions and started again from its AOF: every
 * submission is either accepted and runs once, or refused with 503 + Retry-After and never
 * runs; none is a 500, and the database-only reads keep answering meanwhile.
 */
describe('faults: Redis killed under a burst', () => {
  let redis: TestRedis;
  let stack: TestStack;
  beforeAll(async () => {
    redis = await TestRedis.start();
    stack = await TestStack.start({
      worker: 'process',
      env: {
        REDIS_URL: redis.url,
        WORKER_LOCK_S: '2',
        RECONCILE_INTERVAL_S: '1',
        // long: only the workers' word that a guest left can make the api forget one
        MANAGED_GUESTS_CACHE_MS: '600000',
      },
    });
  });
  afterAll(async () => {
    await stack.close();
    await redis.stop();
  });

  it('accepts or refuses each submission truthfully, and runs each accepted one once', async () => {
    await stack.token();
    const burst = createBurst(stack, 'RB', 40, 15);
    await new Promise((r) => setTimeout(r, 200));
    await redis.kill();
    // while Redis is down: database-only reads answer
    const list = await stack.http('GET', '/operations?limit=5');
    expect(list.status).toBe(200);
    const answers = await burst;
    await redis.restart();
    await expectTruthfulBurst(
      stack,
      answers,
      60_000,
      () => `${stack.apiOutput()}\n${stack.workerOutput()}`,
    );
  });

  /** Whether asking the power of `userid` again costs the api no statement (it is kept). */
  const kept = async (userid: string): Promise<boolean> => {
    const ask = () => stack.http('GET', `/guests/${userid}/power_state`);
    expect((await ask()).status).toBe(200);
    const [a, b] = [await stack.apiStatements(), await stack.apiStatements()];
    const before = await stack.apiStatements();
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    return (await stack.apiStatements()) - before === b - a;
  };

  // The api keeps which guests are managed only while it hears the workers' word that one left
  // (ManagedGuests): through a crash of Redis its subscription is made again, and heard.
  it('hears again that guests leave once Redis is back', async () => {
    const created = await stack.http('POST', '/guests', {
      body: { guest: { userid: 'RBM01', vcpus: 1, memory: 512 } },
    });
    expect(created.status).toBe(200);
    await eventually(async () => (await kept('RBM01')) || undefined);

    await redis.kill();
    // the database and the hypervisor still answer (what the api keeps meanwhile: unit tests)
    expect((await stack.http('GET', '/guests/RBM01/power_state')).status).toBe(200);
    await redis.restart();
    // subscribed again: kept again, and (below) the word of a delete is heard
    await eventually(async () => (await kept('RBM01')) || undefined, 30_000);

    const deleted = await eventually(async () => {
      const res = await stack.http('DELETE', '/guests/RBM01');
      return res.status === 200 ? res : undefined;
    }, 30_000);
    expect(deleted.body).toMatchObject({ overallRC: 0 });
    const gone = await stack.http('GET', '/guests/RBM01/power_state');
    expect(gone.body).toMatchObject({ overallRC: 404, rs: 1, modID: 10 });
  });
});
