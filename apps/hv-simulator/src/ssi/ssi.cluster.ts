/** Name of the simulated SSI cluster, as QUERY SSI shows it. */
export const SSI_NAME = 'HVSSI';

/** An SSI cluster has at most four member slots (z/VM's limit). */
export const SSI_SLOTS = 4;

/**
 * Member system ids of the cluster: the simulator answers as the first (`systemId`); the
 * others are named HVSIM2, HVSIM3… (skipping the simulator's own id). One member (or none)
 * means the system is not in a cluster.
 */
export function memberIds(systemId: string, count: number): string[] {
  const n = Math.max(1, Math.min(SSI_SLOTS, Math.trunc(count)));
  const out = [systemId];
  for (let i = 2; out.length < n; i++) {
    const id = `HVSIM${i}`;
    if (id !== systemId) out.push(id);
  }
  return out;
}
