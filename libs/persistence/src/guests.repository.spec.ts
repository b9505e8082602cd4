import { loadConfig } from '#config';
import { DuplicateRecordError } from './errors.js';
import { GuestsRepository } from './guests.repository.js';
import { PrismaService } from './prisma.service.js';
import { tempSqlite, type TempSqlite } from './testing/temp-sqlite.js';

describe('GuestsRepository (SQLite)', () => {
  let db: TempSqlite;
  let prisma: PrismaService;
  let guests: GuestsRepository;

  beforeAll(async () => {
    db = await tempSqlite();
    prisma = new PrismaService(loadConfig({ DATA_DIR: db.dir, DATABASE_URL: db.url }));
    await prisma.onModuleInit();
    guests = new GuestsRepository(prisma);
  });

  afterAll(async () => {
    await prisma.onModuleDestroy();
    await db.remove();
  });

  beforeEach(async () => {
    await prisma.client.guest.deleteMany();
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
    expect(await guests.findByUserid('Linux01')).toEqual(g);
    expect(await guests.findByUserid('nobody')).toBeNull();
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
    await guests.update('migr', { migrated: true });
    expect(await guests.listManaged()).toEqual(['ALPHA', 'ZETA']);
  });

  it('updates fields and comments JSON; null for a missing guest', async () => {
    await guests.create({ userid: 'upd' });
    const g = await guests.update('UPD', { netSet: 2, comments: { a: [1] } });
    expect(g).toMatchObject({ netSet: 2, comments: { a: [1] }, metadata: '' });
    expect(await guests.update('none', { netSet: 1 })).toBeNull();
  });

  it('deletes, and deleting a missing guest is not an error', async () => {
    await guests.create({ userid: 'del' });
    expect(await guests.delete('Del')).toBe(true);
    expect(await guests.delete('del')).toBe(false);
    expect(await guests.findByUserid('del')).toBeNull();
  });
});
