import type { NicByteStats } from '#hypervisor';
import type { UserRecord } from '../state/state.types.js';
import type { ActiveNic } from '../state/network.types.js';

/** A stable number in [0, 1) per NIC, so each NIC has its own traffic rate. */
function seed(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return (h >>> 0) / 2 ** 32;
}

/**
 * A running NIC's counters: frames flow at a few hundred per second per direction from logon
 * on (so two reads a moment apart differ), frames average ~1 KB, and a tiny share of them is
 * discarded or in error, as on a healthy link.
 */
export function nicCounters(u: UserRecord, nic: ActiveNic, now: number): NicByteStats {
  const ms = Math.max(0, now - (u.running?.since ?? now));
  const s = seed(`${u.userid}.${nic.vdev}`);
  const framesRx = Math.floor(ms * (0.3 + 0.5 * s));
  const framesTx = Math.floor(ms * (0.2 + 0.4 * s));
  return {
    userid: u.userid,
    vdev: nic.vdev,
    framesRx,
    framesTx,
    framesRxDiscarded: Math.floor(framesRx / 40_000),
    framesTxDiscarded: Math.floor(framesTx / 60_000),
    framesRxErrors: Math.floor(framesRx / 250_000),
    framesTxErrors: Math.floor(framesTx / 400_000),
    bytesRx: framesRx * (700 + Math.floor(500 * s)),
    bytesTx: framesTx * (400 + Math.floor(300 * s)),
  };
}
