import { Inject, Injectable } from '@nestjs/common';
import type { FcpDeviceInfo } from '#hypervisor';
import { type Db, PrismaService } from './prisma.service.js';
import type { FcpRow, FcpUsage, TemplateRecord } from './fcp.types.js';

type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

/** The PostgreSQL advisory lock FCP transactions hold (any fixed number: "hvofcp" in ASCII). */
const FCP_LOCK = 0x68766f666370;

/** A chosen FCP was taken by another reservation meanwhile (the caller may choose again). */
export class FcpRaceLostError extends Error {}

/** Rows of the four FCP tables (reference database.py FCPDbOperator). */
@Injectable()
export class FcpRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  private get db(): Db {
    return this.prisma.client;
  }

  /**
   * Runs `fn` in one transaction (allocation and template edits must be atomic), one at a time
   * across processes, as the reference runs its FCP database under one lock. FCP transactions
   * read rows and write on what they read (allocation, usage counts, sync); on PostgreSQL (READ
   * COMMITTED) two interleaved ones found rows the other had deleted meanwhile (500 under
   * concurrent template edits and syncs). SQLite's transactions are serial already.
   */
  private transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.$transaction(async (tx) => {
      if (this.prisma.provider === 'postgresql') {
        await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${FCP_LOCK})`);
      }
      return fn(tx);
    });
  }

  async fcps(ids?: string[]): Promise<FcpRow[]> {
    return this.rows(ids, this.db);
  }

  private async rows(ids: string[] | undefined, db: Db | Tx): Promise<FcpRow[]> {
    const rows = await db.fcpDevice.findMany({
      ...(ids ? { where: { fcpId: { in: ids } } } : {}),
      orderBy: { fcpId: 'asc' },
    });
    return rows as FcpRow[];
  }

  async fcp(id: string): Promise<FcpRow | null> {
    return (await this.db.fcpDevice.findUnique({ where: { fcpId: id } })) as FcpRow | null;
  }

  async setUsage(
    id: string,
    usage: Pick<FcpRow, 'assignerId' | 'reserved' | 'connections' | 'tmplId'>,
  ): Promise<boolean> {
    const { count } = await this.db.fcpDevice.updateMany({ where: { fcpId: id }, data: usage });
    return count > 0;
  }

  /** Makes sure every id has a row (new ones empty until the next sync fills them). */
  private async ensureFcps(ids: string[], db: Db | Tx): Promise<void> {
    const have = new Set((await this.rows(ids, db)).map((f) => f.fcpId));
    const missing = ids.filter((i) => !have.has(i));
    if (missing.length) {
      await db.fcpDevice.createMany({ data: missing.map((fcpId) => ({ fcpId })) });
    }
  }

  /**
   * Hardware facts from the hypervisor onto existing rows; rows the hypervisor does not report
   * become `notfound`; rows in no template and unused are dropped (they only existed for one).
   */
  async sync(devices: FcpDeviceInfo[]): Promise<void> {
    const byId = new Map(devices.map((d) => [d.fcpId.toLowerCase(), d]));
    await this.transaction(async (tx) => {
      const rows = await this.rows(undefined, tx);
      const mapped = new Set(
        (await tx.fcpTemplateDevice.findMany({ select: { fcpId: true } })).map((m) => m.fcpId),
      );
      for (const row of rows) {
        const d = byId.get(row.fcpId);
        if (!mapped.has(row.fcpId) && row.connections === 0 && row.reserved === 0) {
          await tx.fcpDevice.delete({ where: { fcpId: row.fcpId } });
          continue;
        }
        const data = d
          ? {
              wwpnNpiv: d.wwpnNpiv.toLowerCase(),
              wwpnPhy: d.wwpnPhy.toLowerCase(),
              chpid: d.chpid.toUpperCase(),
              pchid: d.pchid.toUpperCase(),
              state: d.state,
              owner: d.owner === 'NONE' ? '' : d.owner.toUpperCase(),
            }
          : { state: 'notfound' };
        await tx.fcpDevice.update({ where: { fcpId: row.fcpId }, data });
      }
    });
  }

  // ---- usage (reservations and connections) ----

  /** The usage fields of the FCPs as they are now (what an undo puts back). */
  async usageOf(ids: string[]): Promise<FcpUsage[]> {
    return (await this.fcps(ids)).map(({ fcpId, assignerId, reserved, connections, tmplId }) => ({
      fcpId,
      assignerId,
      reserved,
      connections,
      tmplId,
    }));
  }

  /** Puts the usage fields back exactly as `usageOf` read them (compensation of a phase). */
  async restoreUsage(rows: FcpUsage[]): Promise<void> {
    await this.transaction(async (tx) => {
      for (const { fcpId, ...usage } of rows) {
        await tx.fcpDevice.updateMany({ where: { fcpId }, data: usage });
      }
    });
  }

  /**
   * Reserves the FCPs for the assigner (and the template, when given) and adds one connection
   * each; returns those now at their first connection. An FCP missing or reserved for another
   * assigner throws `refuse(fcpId)` and leaves every row as it was.
   */
  async addConnections(
    assigner: string,
    fcps: string[],
    tmplId: string | undefined,
    refuse: (fcpId: string) => Error,
  ): Promise<string[]> {
    return this.transaction(async (tx) => {
      const first: string[] = [];
      for (const fcp of fcps) {
        const row = await tx.fcpDevice.findUnique({ where: { fcpId: fcp } });
        if (!row || (row.assignerId !== '' && row.assignerId !== assigner)) throw refuse(fcp);
        const updated = await tx.fcpDevice.update({
          where: { fcpId: fcp },
          data: {
            reserved: 1,
            assignerId: assigner,
            ...(tmplId ? { tmplId } : {}),
            connections: { increment: 1 },
          },
        });
        if (updated.connections === 1) first.push(fcp);
      }
      return first;
    });
  }

  /**
   * One connection less per FCP (missing rows skipped, never below 0); returns those left
   * without connections. `unreserveEmptied` also gives those up (reservation and template).
   */
  async removeConnections(
    fcps: string[],
    { unreserveEmptied }: { unreserveEmptied: boolean },
  ): Promise<string[]> {
    return this.transaction(async (tx) => {
      const emptied: string[] = [];
      for (const fcp of fcps) {
        const row = await tx.fcpDevice.findUnique({ where: { fcpId: fcp } });
        if (!row) continue;
        const connections = Math.max(0, row.connections - 1);
        await tx.fcpDevice.update({
          where: { fcpId: fcp },
          data:
            unreserveEmptied && connections === 0
              ? { connections, reserved: 0, tmplId: '' }
              : { connections },
        });
        if (connections === 0) emptied.push(fcp);
      }
      return emptied;
    });
  }

  /**
   * In one transaction: reads the rows of `ids`, lets `choose` pick (or answer why not), and
   * reserves the picked ones for the assigner and template. A picked row no longer free throws
   * FcpRaceLostError and reserves none.
   */
  async reserveChosen<R>(
    assigner: string,
    tmplId: string,
    ids: string[],
    choose: (rows: Map<string, FcpRow>) => FcpRow[] | R,
  ): Promise<FcpRow[] | R> {
    return this.transaction(async (tx) => {
      const pick = choose(new Map((await this.rows(ids, tx)).map((f) => [f.fcpId, f])));
      if (!Array.isArray(pick)) return pick;
      for (const f of pick) {
        const { count } = await tx.fcpDevice.updateMany({
          where: { fcpId: f.fcpId, reserved: 0, connections: 0 },
          data: { reserved: 1, assignerId: assigner, tmplId },
        });
        if (count !== 1) throw new FcpRaceLostError();
      }
      return pick.map((f) => ({ ...f, reserved: 1, assignerId: assigner, tmplId }));
    });
  }

  /** Gives up the assigner's reservation of an FCP without connections; false when it had none. */
  async releaseUnused(assigner: string, tmplId: string, fcpId: string): Promise<boolean> {
    const { count } = await this.db.fcpDevice.updateMany({
      where: { fcpId, assignerId: assigner, tmplId, connections: 0 },
      data: { reserved: 0, tmplId: '' },
    });
    return count === 1;
  }

  /**
   * Forgets every FCP a deleted guest held, as the reference does when it deletes the user: no
   * assigner, no reservation, no connections, no template. Resolves with how many rows changed.
   */
  async releaseAllOf(assigner: string): Promise<number> {
    const { count } = await this.db.fcpDevice.updateMany({
      // the rows' spelling, not the caller's: a row may hold the assigner in another case
      // eslint-disable-next-line no-restricted-syntax
      where: { assignerId: { in: [assigner, assigner.toLowerCase(), assigner.toUpperCase()] } },
      data: { assignerId: '', reserved: 0, connections: 0, tmplId: '' },
    });
    return count;
  }

  /** How many FCPs are allocated from the template. */
  async countAllocatedFrom(tmplId: string): Promise<number> {
    return this.db.fcpDevice.count({ where: { tmplId } });
  }

  // ---- templates ----

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
    await this.transaction(async (tx) => {
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
        await this.ensureFcps(t.paths.flat(), tx);
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
    await this.transaction(async (tx) => {
      await tx.fcpTemplateSp.deleteMany({ where: { tmplId: id } });
      await tx.fcpTemplateDevice.deleteMany({ where: { tmplId: id } });
      await tx.fcpTemplate.deleteMany({ where: { id } });
    });
  }

  /** Template ids each FCP belongs to (to tell which PCHIDs other templates use). */
  async templatesOfFcps(): Promise<Map<string, Set<string>>> {
    const out = new Map<string, Set<string>>();
    for (const m of await this.db.fcpTemplateDevice.findMany()) {
      let set = out.get(m.fcpId);
      if (!set) out.set(m.fcpId, (set = new Set()));
      set.add(m.tmplId);
    }
    return out;
  }
}
