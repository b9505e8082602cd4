import { loadConfig } from '#config';
import { DuplicateRecordError } from './errors.js';
import { ImagesRepository } from './images.repository.js';
import { PrismaService } from './prisma.service.js';
import { tempSqlite, type TempSqlite } from './testing/temp-sqlite.js';

describe('ImagesRepository (SQLite)', () => {
  let db: TempSqlite;
  let prisma: PrismaService;
  let images: ImagesRepository;
  const image = {
    imagename: 'img1',
    imageosdistro: 'rhel9.0',
    md5sum: '0123456789abcdef0123456789abcdef',
    diskSizeUnits: '10:CYL',
    imageSizeInBytes: '4096',
    type: 'rootonly',
  };

  beforeAll(async () => {
    db = await tempSqlite();
    prisma = new PrismaService(loadConfig({ DATA_DIR: db.dir, DATABASE_URL: db.url }));
    await prisma.onModuleInit();
    images = new ImagesRepository(prisma);
  });

  afterAll(async () => {
    await prisma.onApplicationShutdown();
    await db.remove();
  });

  beforeEach(async () => {
    await prisma.client.image.deleteMany();
  });

  it('creates, finds, lists by name and deletes idempotently', async () => {
    await images.create({ ...image, imagename: 'b' });
    const a = await images.create({ ...image, imagename: 'a', comments: "{'disk_type': 'DASD'}" });
    expect(a).toMatchObject({ imagename: 'a', comments: "{'disk_type': 'DASD'}" });
    expect(a).not.toHaveProperty('id');
    expect((await images.findByName('b'))?.comments).toBeNull();
    expect(await images.findByName('B')).toBeNull();
    expect((await images.list()).map((i) => i.imagename)).toEqual(['a', 'b']);
    expect(await images.delete('a')).toBe(true);
    expect(await images.delete('a')).toBe(false);
  });

  it('refuses a second image of the same name', async () => {
    await images.create(image);
    await expect(images.create(image)).rejects.toBeInstanceOf(DuplicateRecordError);
  });
});
