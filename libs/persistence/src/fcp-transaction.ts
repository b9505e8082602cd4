import type { Db, PrismaService } from './prisma.service.js';
import type { FcpRow } from './fcp.types.js';

export type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

/** The PostgreSQL advisory lock FCP transactions hold (any fixed number: "hvofcp" in ASCII). */
const FCP_LOCK = 0x68766f666370;

/**
 * Runs `fn` in one transaction (allocation and template edits must be atomic), one at a time
 * across processes, as the reference runs its FCP database under one lock. FCP transactions
 * read rows and write on what they read (allocation, usage counts, sync); on PostgreSQL (READ
 * COMMITTED) two interleaved ones found rows the other had deleted meanwhile (500 under
 * concurrent template edits and syncs). SQLite's transactions are serial already.
 */
export function fcpTransaction<T>(prisma: PrismaService, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return prisma.client.$transaction(async (tx) => {
    if (prisma.provider === 'postgresql') {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${FCP_LOCK})`);
    }
    return fn(tx);
  });
}

/** The FCP rows with these ids (all when none are given), by id. */
export async function fcpRows(ids: string[] | undefined, db: Db | Tx): Promise<FcpRow[]> {
  const rows = await db.fcpDevice.findMany({
    ...(ids ? { where: { fcpId: { in: ids } } } : {}),
    orderBy: { fcpId: 'asc' },
  });
  return rows as FcpRow[];
}

/** Makes sure every id has a row (new ones empty until the next sync fills them). */
export async function ensureFcpRows(ids: string[], db: Db | Tx): Promise<void> {
  const have = new Set((await fcpRows(ids, db)).map((f) => f.fcpId));
  const missing = ids.filter((i) => !have.has(i));
  if (missing.length) {
    await db.fcpDevice.createMany({ data: missing.map((fcpId) => ({ fcpId })) });
  }
}
