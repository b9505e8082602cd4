import { Inject, Injectable } from '@nestjs/common';
import { type Db, PrismaService } from './prisma.service.js';
import { ensureFcpRows, fcpTransaction } from './fcp-transaction.js';
import type { TemplateRecord } from './fcp.types.js';

/** Rows of the FCP templates, their paths and storage providers (reference FCPDbOperator). */
@Injectable()
export class FcpTemplateRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  private get db(): Db {
    return this.prisma.client;
  }

  /** How many FCPs are allocated from the template. */
  async countAllocatedFrom(tmplId: string): Promise<number> {
    return this.db.fcpDevice.count({ where: { tmplId } });
  }

  async templates(ids?: string[]): Promise<TemplateRecord[]> {
    const rows = await this.db.fcpTemplate.findMany({
      ...(ids ? { where: { id: { in: ids } } } : {}),
      orderBy: { createdAt: 'asc' },
    });
    const wanted = rows.map((r) => r.id);
    const maps = await this.db.fcpTemplateDevice.findMany({ where: { tmplId: { in: wanted } } });
    const sps = await this.db.fcpTemplateSp.findMany({ where: { tmplId: { in: wanted } } });
    return rows.map((r) => {
      const paths: string[][] = [];
      for (const m of maps.filter((x) => x.tmplId === r.id)) (paths[m.path] ??= []).push(m.fcpId);
      return {
        id: r.id,
        name: r.name,
        description: r.description,
        isDefault: r.isDefault,
        minFcpPathsCount: r.minFcpPathsCount,
        paths: Array.from(paths, (p) => (p ?? []).sort()),
        storageProviders: sps
          .filter((s) => s.tmplId === r.id)
          .map((s) => s.spName)
          .sort(),
      };
    });
  }

  async template(id: string): Promise<TemplateRecord | undefined> {
    return (await this.templates([id]))[0];
  }

  /** Templates one of whose FCPs is allocated to the assigner. */
  async templateIdsOfAssigner(assigner: string): Promise<string[]> {
    const rows = await this.db.fcpDevice.findMany({
      where: { assignerId: assigner, tmplId: { not: '' } },
      select: { tmplId: true },
    });
    return [...new Set(rows.map((r) => r.tmplId))];
  }

  async templateIdsOfProviders(sps: string[]): Promise<string[]> {
    const rows = await this.db.fcpTemplateSp.findMany({ where: { spName: { in: sps } } });
    return [...new Set(rows.map((r) => r.tmplId))];
  }

  async defaultTemplateId(sp?: string): Promise<string | undefined> {
    if (sp) {
      const m = await this.db.fcpTemplateSp.findUnique({ where: { spName: sp } });
      if (m) return m.tmplId;
    }
    return (await this.db.fcpTemplate.findFirst({ where: { isDefault: true } }))?.id;
  }

  /** Writes a whole template (create or edit) in one transaction. */
  async saveTemplate(t: TemplateRecord, opts: { replacePaths: boolean; replaceSps: boolean }) {
    await fcpTransaction(this.prisma, async (tx) => {
      if (t.isDefault) {
        await tx.fcpTemplate.updateMany({
          where: { id: { not: t.id } },
          data: { isDefault: false },
        });
      }
      await tx.fcpTemplate.upsert({
        where: { id: t.id },
        create: {
          id: t.id,
          name: t.name,
          description: t.description,
          isDefault: t.isDefault,
          minFcpPathsCount: t.minFcpPathsCount,
        },
        update: {
          name: t.name,
          description: t.description,
          isDefault: t.isDefault,
          minFcpPathsCount: t.minFcpPathsCount,
        },
      });
      if (opts.replacePaths) {
        await tx.fcpTemplateDevice.deleteMany({ where: { tmplId: t.id } });
        const data = t.paths.flatMap((ids, path) =>
          ids.map((fcpId) => ({ fcpId, tmplId: t.id, path })),
        );
        if (data.length) await tx.fcpTemplateDevice.createMany({ data });
        await ensureFcpRows(t.paths.flat(), tx);
      }
      if (opts.replaceSps) {
        await tx.fcpTemplateSp.deleteMany({ where: { tmplId: t.id } });
        // Each provider has one default template: naming it here moves it from any other.
        await tx.fcpTemplateSp.deleteMany({ where: { spName: { in: t.storageProviders } } });
        if (t.storageProviders.length) {
          await tx.fcpTemplateSp.createMany({
            data: t.storageProviders.map((spName) => ({ spName, tmplId: t.id })),
          });
        }
      }
    });
  }

  async deleteTemplate(id: string): Promise<void> {
    await fcpTransaction(this.prisma, async (tx) => {
      await tx.fcpTemplateSp.deleteMany({ where: { tmplId: id } });
      await tx.fcpTemplateDevice.deleteMany({ where: { tmplId: id } });
      await tx.fcpTemplate.deleteMany({ where: { id } });
    });
  }
}
