import { Inject, Injectable } from '@nestjs/common';
import type { FcpDeviceInfo } from '#hypervisor';
import { type Db, PrismaService } from './prisma.service.js';
import { fcpRows, fcpTransaction, type Tx } from './fcp-transaction.js';
import type { FcpRow, FcpUsage } from './fcp.types.js';

/** A chosen FCP was taken by another reservation meanwhile (the caller may choose again). */
export class FcpRaceLostError extends Error {}

/**
 * Rows of the FCP devices and their usage (reference database.py FCPDbOperator); the templates
 * are FcpTemplateRepository's.
 */
@Injectable()
export class FcpRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  private get db(): Db {
    return this.prisma.client;
  }

  private transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return fcpTransaction(this.prisma, fn);
  }

  async fcps(ids?: string[]): Promise<FcpRow[]> {
    return this.rows(ids, this.db);
  }

  private rows(ids: string[] | undefined, db: Db | Tx): Promise<FcpRow[]> {
    return fcpRows(ids, db);
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
}
