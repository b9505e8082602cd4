import { loadConfig } from '#config';
import { toUserid } from '#envelope';
import { DuplicateRecordError } from './errors.js';
import { GuestsRepository } from './guests.repository.js';
import { NicsRepository } from './nics.repository.js';
import { PrismaService } from './prisma.service.js';
import { tempSqlite, type TempSqlite } from './testing/temp-sqlite.js';

describe('NicsRepository (SQLite)', () => {
  let db: TempSqlite;
  let prisma: PrismaService;
  let nics: NicsRepository;
  let guests: GuestsRepository;

  beforeAll(async () => {
    db = await tempSqlite();
    prisma = new PrismaService(loadConfig({ DATA_DIR: db.dir, DATABASE_URL: db.url }));
    await prisma.onModuleInit();
    nics = new NicsRepository(prisma);
    guests = new GuestsRepository(prisma);
  });

  afterAll(async () => {
    await prisma.onApplicationShutdown();
    await db.remove();
  });

  beforeEach(async () => {
    await prisma.client.nic.deleteMany();
    await prisma.client.guest.deleteMany();
    await guests.create({ userid: 'VM1' });
    await guests.create({ userid: 'VM2' });
  });

  it('adds, filters, couples and removes records, matching device numbers numerically', async () => {
    await nics.add(toUserid('vm1'), '1000', 'port-a');
    await nics.add(toUserid('VM1'), '1003');
    await nics.add(toUserid('VM2'), '2000', 'port-a');
    await expect(nics.add(toUserid('VM1'), '1000')).rejects.toBeInstanceOf(DuplicateRecordError);

    expect(await nics.setSwitch(toUserid('VM1'), '01000', 'VSW1')).toBe(true);
    expect(await nics.setSwitch(toUserid('VM1'), 'ABCD', 'VSW1')).toBe(false);
    expect(await nics.list({ userid: 'vm1' })).toEqual([
      { userid: 'VM1', interface: '1000', switch: 'VSW1', port: 'port-a', comments: null },
      { userid: 'VM1', interface: '1003', switch: null, port: null, comments: null },
    ]);
    expect((await nics.list({ port: 'port-a' })).map((n) => n.userid)).toEqual(['VM1', 'VM2']);
    expect((await nics.list({ switch: 'VSW1' })).map((n) => n.interface)).toEqual(['1000']);
    expect(await nics.list({ userid: 'NOBODY' })).toEqual([]);

    expect(await nics.remove(toUserid('VM1'), '1003')).toBe(true);
    expect(await nics.remove(toUserid('VM1'), '1003')).toBe(false);
    expect((await nics.list()).length).toBe(2);
  });

  it('drops the NICs of a guest whose row is deleted', async () => {
    await nics.add(toUserid('VM1'), '1000');
    await nics.add(toUserid('VM2'), '1000');
    await guests.delete(toUserid('VM1'));
    expect((await nics.list()).map((n) => n.userid)).toEqual(['VM2']);
  });
});
