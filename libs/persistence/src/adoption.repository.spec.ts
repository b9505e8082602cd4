import { tmpdir } from 'node:os';
import { loadConfig } from '#config';
import { AdoptionRepository } from './adoption.repository.js';
import type { AdoptionWrites } from './adoption.types.js';
import { FcpRepository } from './fcp.repository.js';
import { FcpTemplateRepository } from './fcp-template.repository.js';
import { PrismaService } from './prisma.service.js';
import { tempPostgres } from './testing/temp-postgres.js';
import { tempSqlite } from './testing/temp-sqlite.js';

interface Temp {
  url: string;
  remove(): Promise<void>;
}

/** PostgreSQL runs when TEST_DATABASE_URL names a server. */
const providers: [string, () => Promise<Temp | null>][] = [
  ['SQLite', tempSqlite],
  ['PostgreSQL', () => tempPostgres(process.env.TEST_DATABASE_URL)],
];

const fcpRow = (fcpId: string, assignerId = '', tmplId = '') => ({
  fcpId,
  assignerId,
  connections: assignerId ? 1 : 0,
  reserved: assignerId ? 1 : 0,
  wwpnNpiv: '',
  wwpnPhy: '',
  chpid: '',
  pchid: '',
  state: 'free' as const,
  owner: '',
  tmplId,
});

const writes = (over: Partial<AdoptionWrites> = {}): AdoptionWrites => ({
  guests: [
    {
      userid: 'ADOPT1',
      metadata: 'os_version=rhel9.0',
      netSet: 1,
      comments: '{}',
      migrated: false,
    },
  ],
  images: [
    {
      imagename: 'img1',
      imageosdistro: 'rhel9.0',
      md5sum: 'a'.repeat(32),
      diskSizeUnits: '10:CYL',
      imageSizeInBytes: '1000',
      type: 'rootonly',
      comments: null,
    },
  ],
  templates: [
    {
      id: 't1',
      name: 'adopted',
      description: 'two paths',
      isDefault: true,
      minFcpPathsCount: -1,
      paths: [['1a00'], ['1b00']],
      storageProviders: ['sp1'],
    },
  ],
  fcps: [fcpRow('1a00', 'ADOPT1', 't1'), fcpRow('1b00', 'ADOPT1', 't1')],
  nics: [{ userid: 'ADOPT1', interface: '1000', switch: 'VSW1', port: 'p1', comments: null }],
  ...over,
});

describe.each(providers)('AdoptionRepository on %s', (_name, make) => {
  let db: Temp | null;
  let prisma: PrismaService;
  let repo: AdoptionRepository;

  beforeAll(async () => {
    db = await make();
    if (!db) return;
    prisma = new PrismaService(loadConfig({ DATA_DIR: tmpdir(), DATABASE_URL: db.url }));
    await prisma.onModuleInit();
    repo = new AdoptionRepository(
      prisma,
      new FcpRepository(prisma),
      new FcpTemplateRepository(prisma),
    );
  });
  afterAll(async () => {
    if (!db) return;
    await prisma.onApplicationShutdown();
    await db.remove();
  });

  /** Skips (with a note) where the provider is not available. */
  const it = (title: string, fn: () => Promise<void>) =>
    test(title, async () => {
      if (!db) return console.warn('skipped: TEST_DATABASE_URL names no PostgreSQL server');
      await fn();
    });

  it('writes nothing at all when one row fails (one transaction)', async () => {
    // the last NIC names a guest that is neither here nor adopted: its foreign key fails
    const orphan = {
      userid: 'NOSUCH',
      interface: '1000',
      switch: null,
      port: null,
      comments: null,
    };
    const bad = writes({ nics: [...writes().nics, orphan] });
    await expect(repo.apply(bad)).rejects.toThrow();
    expect(await repo.snapshot()).toEqual({
      guests: [],
      images: [],
      fcps: [],
      templates: [],
      nics: [],
    });
  });

  it('writes every kind, and the same writes again change nothing', async () => {
    await repo.apply(writes());
    const once = await repo.snapshot();
    expect(once.guests).toEqual([writes().guests[0]]);
    expect(once.images).toEqual(writes().images);
    expect(once.templates).toEqual(writes().templates);
    expect(once.fcps.map((f) => [f.fcpId, f.assignerId, f.connections, f.tmplId])).toEqual([
      ['1a00', 'ADOPT1', 1, 't1'],
      ['1b00', 'ADOPT1', 1, 't1'],
    ]);
    expect(once.nics).toEqual(writes().nics);
    await repo.apply(writes());
    expect(await repo.snapshot()).toEqual(once);
  });

  it('an adopted default template takes the flag and its providers from ours', async () => {
    const ours = {
      ...writes().templates[0],
      id: 't0',
      name: 'ours',
      paths: [],
      storageProviders: ['sp1', 'sp2'],
    };
    await repo.apply({
      ...writes(),
      templates: [ours],
      fcps: [],
      nics: [],
      guests: [],
      images: [],
    });
    await repo.apply(writes());
    const byId = new Map((await repo.snapshot()).templates.map((t) => [t.id, t]));
    expect(byId.get('t0')).toMatchObject({ isDefault: false, storageProviders: ['sp2'] });
    expect(byId.get('t1')).toMatchObject({ isDefault: true, storageProviders: ['sp1'] });
  });
});
