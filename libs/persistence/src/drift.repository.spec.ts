import { loadConfig } from '#config';
import { DriftRepository } from './drift.repository.js';
import { OperationsRepository } from './operations.repository.js';
import { PrismaService } from './prisma.service.js';
import { tempSqlite, type TempSqlite } from './testing/temp-sqlite.js';

describe('DriftRepository (SQLite)', () => {
  let db: TempSqlite;
  let prisma: PrismaService;
  let drift: DriftRepository;
  let ops: OperationsRepository;

  beforeAll(async () => {
    db = await tempSqlite();
    prisma = new PrismaService(loadConfig({ DATA_DIR: db.dir, DATABASE_URL: db.url }));
    await prisma.onModuleInit();
    drift = new DriftRepository(prisma);
    ops = new OperationsRepository(prisma);
  });

  afterAll(async () => {
    await prisma.onApplicationShutdown();
    await db.remove();
  });

  const mark = (operationId: string, seen = 's1') => ({
    kind: 'guest_missing',
    itemId: 'DRF02',
    seen,
    operationId,
  });

  it('forgets, forgets again, and puts back what was there', async () => {
    await drift.forget(mark('op-1'));
    const first = await drift.forgottenOne('guest_missing', 'DRF02');
    expect(first).toMatchObject(mark('op-1'));
    await drift.forget(mark('op-2', 's2'));
    expect(await drift.forgotten()).toEqual([expect.objectContaining(mark('op-2', 's2'))]);
    await drift.restore('guest_missing', 'DRF02', first);
    expect(await drift.forgottenOne('guest_missing', 'DRF02')).toEqual(first);
    await drift.restore('guest_missing', 'DRF02', null);
    expect(await drift.forgotten()).toEqual([]);
  });

  it('drops a mark only as it was read: one forgotten again meanwhile stays', async () => {
    await drift.forget(mark('op-1'));
    const [read] = await drift.forgotten();
    await drift.forget(mark('op-3', 's3')); // a decision between the check's read and its drop
    expect(await drift.dropForgotten([read])).toBe(0);
    expect(await drift.forgottenOne('guest_missing', 'DRF02')).toMatchObject(mark('op-3', 's3'));
    expect(await drift.dropForgotten([mark('op-3')])).toBe(1);
    expect(await drift.forgotten()).toEqual([]);
  });

  it('finds the newest operation by target, or by kind and a text of its request', async () => {
    const make = (id: string, kind: string, target: string | null, request: object) =>
      ops.create({ id, kind, queue: 'guest-lifecycle', target, request });
    await make('o1', 'guest.create', 'DRF01', { userid: 'DRF01' });
    await new Promise((r) => setTimeout(r, 5));
    await make('o2', 'volume.attach', 'DRF01', { assignerId: 'DRF01', fcps: ['1a01'] });
    await new Promise((r) => setTimeout(r, 5));
    await make('o3', 'vswitch.update', 'VSWITCH:VSW1', { name: 'VSW1', userid: 'DRF09' });
    const last = (touches: Parameters<DriftRepository['lastOperation']>[0]) =>
      drift.lastOperation(touches).then((o) => o?.id ?? null);
    expect(await last([{ target: 'DRF01' }])).toBe('o2');
    expect(await last([{ kinds: ['volume.attach'], requestContains: '"1a01"' }])).toBe('o2');
    expect(await last([{ kinds: ['volume.attach'], requestContains: '"1a02"' }])).toBeNull();
    expect(
      await last([{ target: 'DRF09' }, { target: 'VSWITCH:VSW1', requestContains: '"DRF09"' }]),
    ).toBe('o3');
    expect(await last([])).toBeNull();
  });
});
