import type { CpReply } from '#hypervisor';
import { SSI_NAME, SSI_SLOTS } from '../ssi/ssi.cluster.js';
import type { HypervisorState } from '../state/hypervisor.state.js';

/** CP's heartbeat time stamp: `mm/dd/yy hh:mm:ss` (UTC here). */
function stamp(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())}/${p(d.getUTCFullYear() % 100)} ` +
    `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`
  );
}

/**
 * QUERY SSI: the cluster's name, mode, timeouts and PDR, then one line per member slot. Every
 * member is joined and heart-beating (the simulated members never fail). A system that is not in
 * a cluster answers HCP2650E.
 */
export function querySsi(state: HypervisorState): CpReply {
  if (!state.inCluster) {
    return { rc: 2650, lines: ['HCP2650E The system is not a member of an SSI cluster'] };
  }
  const beat = stamp(state.clock());
  const slots = Array.from({ length: SSI_SLOTS }, (_, i) => {
    const id = state.members[i];
    const slot = String(i + 1).padStart(4);
    return id
      ? `${slot} ${id.padEnd(8)}  ${'Joined'.padEnd(14)} ${beat.padEnd(21)} ${beat}`
      : `${slot} ${'--------'}  Available`;
  });
  return {
    rc: 0,
    lines: [
      `SSI Name: ${SSI_NAME}`,
      'SSI Mode: Stable',
      'Cross-System Timeouts: Enabled',
      'SSI Persistent Data Record (PDR) device: HVSPDR on 9A20',
      'SLOT SYSTEMID  STATE          PDR HEARTBEAT         RECEIVED HEARTBEAT',
      ...slots,
    ],
  };
}
