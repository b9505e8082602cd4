// Benchmark: the CPU the worker's database writes cost for one one-step operation, in this
// process, on a temp SQLite file: Prisma's model API as before issue #17's third pass (read the
// row, mark running, two step compare-and-sets, finish: each write an implicit transaction)
// beside the repository's single statements. Prints numbers; asserts nothing.
// Run: npm run build && node dist/bench/db-per-op.js [operations]
import { randomUUID } from 'node:crypto';
import { loadConfig } from '#config';
import { OperationsRepository } from '#persistence';
import { PrismaService, tempSqlite } from '#persistence/testing';

const N = Number(process.argv[2] ?? 1000);
const WARM_UP = 50;
const ok = { overallRC: 0, rc: 0, rs: 0, errmsg: '', modID: null, output: '' };
const started = JSON.stringify([{ name: 'a', startedAt: 't' }]);
const ended = JSON.stringify([{ name: 'a', startedAt: 't', endedAt: 'u', result: 'ok' }]);

async function main(): Promise<void> {
  const db = await tempSqlite();
  const prisma = new PrismaService(loadConfig({ DATA_DIR: db.dir, DATABASE_URL: db.url }));
  await prisma.onModuleInit();
  const ops = new OperationsRepository(prisma);
  const c = prisma.client;

  const modelApi = async (id: string) => {
    const op = await c.operation.findUnique({ where: { id } });
    const running = { status: 'running', attempts: 1, startedAt: op?.startedAt ?? new Date() };
    await c.operation.updateManyAndReturn({
      where: { id, status: { in: ['queued', 'running'] } },
      data: running,
    });
    await c.operation.updateMany({ where: { id, steps: '[]' }, data: { steps: started } });
    await c.operation.updateMany({ where: { id, steps: started }, data: { steps: ended } });
    await c.operation.updateManyAndReturn({
      where: { id, status: { in: ['running'] } },
      data: {
        status: 'succeeded',
        response: JSON.stringify(ok),
        httpStatus: 200,
        finishedAt: new Date(),
        progress: 100,
      },
    });
  };
  const statements = async (id: string) => {
    await ops.markRunning(id, 1);
    const known = await ops.appendStep(id, { name: 'a', startedAt: 't' }, []);
    await ops.appendStep(id, { name: 'a', startedAt: 't', endedAt: 'u', result: 'ok' }, known!);
    await ops.finish(id, { status: 'succeeded', response: ok, httpStatus: 200 }, ['running']);
  };

  const ways: [string, (id: string) => Promise<void>][] = [
    ['model API (before)', modelApi],
    ['single statements', statements],
  ];
  for (const [name, run] of [...ways, ...ways]) {
    const ids: string[] = [];
    for (let i = 0; i < N; i++) {
      const op = await ops.create({
        id: randomUUID(),
        kind: 'guest.start',
        queue: 'guest-lifecycle',
        target: 'G',
        request: { userid: 'G' },
      });
      ids.push(op.id);
    }
    for (const id of ids.slice(0, WARM_UP)) await run(id);
    const t = process.cpuUsage();
    for (const id of ids.slice(WARM_UP)) await run(id);
    const u = process.cpuUsage(t);
    const ms = (u.user + u.system) / 1000 / (N - WARM_UP);
    console.log(`${name}: ${ms.toFixed(2)} ms CPU per operation`);
  }
  await prisma.onApplicationShutdown();
  await db.remove();
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
