import { loadConfig } from '#config';
import { toUserid } from '#envelope';
import { DuplicateRecordError } from './errors.js';
import { GuestsRepository } from './guests.repository.js';
import { PrismaService } from './prisma.service.js';
import { StatementCounter } from './statement-counter.js';
import { tempSqlite, type TempSqlite } from './testing/temp-sqlite.js';

describe('GuestsRepository (SQLite)', () => {
  let db: TempSqlite;
  let prisma: PrismaService;
  let guests: GuestsRepository;
  const counter = new StatementCounter();

  beforeAll(async () => {
    db = await tempSqlite();
    prisma = new PrismaService(loadConfig({ DATA_DIR: db.dir, DATABASE_URL: db.url }), counter);
    await prisma.onModuleInit();
    guests = new GuestsRepository(prisma);
  });

  afterAll(async () => {
    await prisma.onApplicationShutdown();
    await db.remove();
  });

  beforeEach(async () => {
    await prisma.client.guest.deleteMany();
  });

  it('tells its departure listeners of each delete and mark as migrated, before it returns', async () => {
    const heard: string[] = [];
    const repo = new GuestsRepository(prisma);
    repo.onDeparture(async (id) => {
      await new Promise((r) => setImmediate(r)); // awaited: the step ends after the word
      heard.push(id);
    });
    await repo.create({ userid: 'dep01' });
    await repo.create({ userid: 'dep02' });
    await repo.update(toUserid('DEP01'), { metadata: 'x', migrated: false });
    expect(heard).toEqual([]);
    await repo.update(toUserid('DEP01'), { migrated: true });
    expect(heard).toEqual(['DEP01']);
    expect(await repo.delete(toUserid('DEP02'))).toBe(true);
    expect(heard).toEqual(['DEP01', 'DEP02']);
    // again, as a step run again after a crash would: nothing left to change, still said
    expect(await repo.delete(toUserid('DEP02'))).toBe(false);
    expect(heard).toEqual(['DEP01', 'DEP02', 'DEP02']);
  });

  it('creates with defaults and finds case-insensitively', async () => {
    const g = await guests.create({ userid: 'linux01', metadata: 'os_version=rhel8.4' });
    expect(g).toMatchObject({
      userid: 'LINUX01',
      metadata: 'os_version=rhel8.4',
      netSet: 0,
      comments: {},
      migrated: false,
    });
    expect(g.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(g.createdAt).toBeInstanceOf(Date);
    expect(await guests.findByUserid(toUserid('Linux01'))).toEqual(g);
    expect(await guests.findByUserid(toUserid('nobody'))).toBeNull();
  });

  it('raises DuplicateRecordError for an existing userid in any case', async () => {
    await guests.create({ userid: 'DUP1' });
    await expect(guests.create({ userid: 'dup1' })).rejects.toBeInstanceOf(DuplicateRecordError);
  });

  it('rejects userids that are empty or longer than 8', async () => {
    await expect(guests.create({ userid: 'TOOLONG12' })).rejects.toBeInstanceOf(RangeError);
    await expect(guests.create({ userid: ' ' })).rejects.toBeInstanceOf(RangeError);
  });

  it('lists managed userids sorted, without migrated guests', async () => {
    for (const u of ['zeta', 'alpha', 'MIGR']) await guests.create({ userid: u });
    await guests.update(toUserid('migr'), { migrated: true });
    expect(await guests.listManaged()).toEqual(['ALPHA', 'ZETA']);
  });

  it('updates fields and comments JSON; null for a missing guest', async () => {
    await guests.create({ userid: 'upd' });
    const g = await guests.update(toUserid('UPD'), { netSet: 2, comments: { a: [1] } });
    expect(g).toMatchObject({ netSet: 2, comments: { a: [1] }, metadata: '' });
    expect(await guests.update(toUserid('none'), { netSet: 1 })).toBeNull();
  });

  it('deletes, and deleting a missing guest is not an error', async () => {
    await guests.create({ userid: 'del' });
    expect(await guests.delete(toUserid('Del'))).toBe(true);
    expect(await guests.delete(toUserid('del'))).toBe(false);
    expect(await guests.findByUserid(toUserid('del'))).toBeNull();
  });

  it('answers the reads asked for in one turn with one statement', async () => {
    await guests.create({ userid: 'batch01' });
    await guests.create({ userid: 'batch02' });
    const before = counter.statements;
    // each read from a callback of its own, as requests read from different sockets are
    // (Prisma itself batches only the findUniques of one tick)
    const [a, b, again, none] = await Promise.all(
      ['batch01', 'Batch02', 'BATCH01', 'nobody'].map(
        (id) => new Promise((r) => setImmediate(() => r(guests.findByUseridBatched(toUserid(id))))),
      ),
    );
    expect(counter.statements - before).toBe(1);
    expect(a).toEqual(await guests.findByUserid(toUserid('BATCH01')));
    expect((b as { userid: string } | null)?.userid).toBe('BATCH02');
    expect(again).toEqual(a);
    expect(again).not.toBe(a); // a record each
    expect(none).toBeNull();
  });

  it('never answers a read from a statement sent before it was asked for', async () => {
    const first = guests.findByUseridBatched(toUserid('late01'));
    // the first read's statement is sent: its batch's turn, then the turn in which the direct
    // layer runs the statements gathered (sqlite-together.ts)
    for (let turn = 0; turn < 2; turn++) await new Promise((r) => setImmediate(r));
    await guests.create({ userid: 'late01' });
    expect(await first).toBeNull();
    expect((await guests.findByUseridBatched(toUserid('late01')))?.userid).toBe('LATE01');
  });
});
