import type { FcpRepository } from '#persistence';
import type { FcpRow } from '#persistence';

/** The usage fields of one FCP row, as a phase found them. */
export type FcpSnapshot = Pick<
  FcpRow,
  'fcpId' | 'assignerId' | 'reserved' | 'connections' | 'tmplId'
>;

export async function snapshotFcps(repo: FcpRepository, ids: string[]): Promise<FcpSnapshot[]> {
  return (await repo.fcps(ids)).map(({ fcpId, assignerId, reserved, connections, tmplId }) => ({
    fcpId,
    assignerId,
    reserved,
    connections,
    tmplId,
  }));
}

/** Puts the usage fields back exactly as snapshotted (compensation of a database phase). */
export async function restoreFcps(repo: FcpRepository, rows: FcpSnapshot[]): Promise<void> {
  await repo.transaction(async (tx) => {
    for (const { fcpId, ...usage } of rows) {
      await tx.fcpDevice.updateMany({ where: { fcpId }, data: usage });
    }
  });
}
