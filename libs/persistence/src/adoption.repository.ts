import { Inject, Injectable } from '@nestjs/common';
import type { AdoptionCounts, AdoptionSnapshot, AdoptionWrites } from './adoption.types.js';
import type { FcpRow } from './fcp.types.js';
import { FcpRepository } from './fcp.repository.js';
import { FcpTemplateRepository } from './fcp-template.repository.js';
import { type Db, PrismaService } from './prisma.service.js';

type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

/**
 * Long enough for thousands of rows on a busy SQLite file; Prisma's default (5 s) would roll a
 * large adoption back half-way through its statements.
 */
const TRANSACTION = { maxWait: 15_000, timeout: 120_000 };

/**
 * Taking over a reference installation's records (issue #25): what we hold now, and one
 * transaction that writes every adopted row, all or nothing.
 */
@Injectable()
export class AdoptionRepository {
  constructor(
    @Inject(PrismaService) private readonly prisma: PrismaService,
    @Inject(FcpRepository) private readonly fcp: FcpRepository,
    @Inject(FcpTemplateRepository) private readonly templateRows: FcpTemplateRepository,
  ) {}

  async snapshot(): Promise<AdoptionSnapshot> {
    const db = this.prisma.client;
    const guests = await db.guest.findMany({
      select: { userid: true, metadata: true, netSet: true, comments: true, migrated: true },
      orderBy: { userid: 'asc' },
    });
    const images = await db.image.findMany({ orderBy: { imagename: 'asc' } });
    const nics = await db.nic.findMany({
      select: { userid: true, interface: true, switch: true, port: true, comments: true },
      orderBy: [{ userid: 'asc' }, { interface: 'asc' }],
    });
    return {
      guests,
      images: images.map(({ id: _id, createdAt: _c, updatedAt: _u, ...rest }) => rest),
      fcps: await this.fcp.fcps(),
      templates: await this.templateRows.templates(),
      nics,
    };
  }

  /** Writes every row in one transaction; nothing is written when any statement fails. */
  async apply(w: AdoptionWrites): Promise<AdoptionCounts> {
    // only the transaction's client inside the callback (see direct/sqlite-direct.ts)
    await this.prisma.client.$transaction(async (tx) => {
      for (const g of w.guests) await this.guest(tx, g);
      for (const { imagename, ...rest } of w.images) {
        await tx.image.upsert({
          where: { imagename },
          create: { imagename, ...rest },
          update: rest,
        });
      }
      for (const t of w.templates) await this.template(tx, t);
      for (const f of w.fcps) await this.fcpRow(tx, f);
      for (const { userid, interface: vdev, ...rest } of w.nics) {
        await tx.nic.upsert({
          where: { userid_interface: { userid, interface: vdev } },
          create: { userid, interface: vdev, ...rest },
          update: rest,
        });
      }
    }, TRANSACTION);
    return {
      guests: w.guests.length,
      images: w.images.length,
      fcps: w.fcps.length,
      templates: w.templates.length,
      nics: w.nics.length,
    };
  }

  private async guest(tx: Tx, g: AdoptionWrites['guests'][number]): Promise<void> {
    const { id, userid, ...data } = g;
    await tx.guest.upsert({
      where: { userid },
      create: { ...(id ? { id } : {}), userid, ...data },
      update: data,
    });
  }

  private async fcpRow(tx: Tx, f: FcpRow): Promise<void> {
    const { fcpId, ...data } = f;
    await tx.fcpDevice.upsert({ where: { fcpId }, create: f, update: data });
  }

  private async template(tx: Tx, t: AdoptionWrites['templates'][number]): Promise<void> {
    const row = {
      name: t.name,
      description: t.description,
      isDefault: t.isDefault,
      minFcpPathsCount: t.minFcpPathsCount,
    };
    // one default template per host, one default template per storage provider
    if (t.isDefault) {
      await tx.fcpTemplate.updateMany({ where: { id: { not: t.id } }, data: { isDefault: false } });
    }
    await tx.fcpTemplate.upsert({ where: { id: t.id }, create: { id: t.id, ...row }, update: row });
    await tx.fcpTemplateDevice.deleteMany({ where: { tmplId: t.id } });
    const paths = t.paths.flatMap((ids, path) =>
      ids.map((fcpId) => ({ fcpId, tmplId: t.id, path })),
    );
    if (paths.length) await tx.fcpTemplateDevice.createMany({ data: paths });
    await tx.fcpTemplateSp.deleteMany({
      where: { OR: [{ tmplId: t.id }, { spName: { in: t.storageProviders } }] },
    });
    if (t.storageProviders.length) {
      await tx.fcpTemplateSp.createMany({
        data: t.storageProviders.map((spName) => ({ spName, tmplId: t.id })),
      });
    }
  }
}
