import type { Userid } from '#envelope';
import type { ManagementGuestOps } from '#hypervisor';
import type { VolumeConnectionPayload } from '#jobs';
import { runVolumeScript, type ScriptKind } from './guest-config.runner.js';
import { volumeScript } from './volume-script.js';

const NAME: Record<ScriptKind, string> = { attach: 'atvol.sh', detach: 'devol.sh' };

/** Purges the newest waiting `kind` script from the guest's reader; whether one was there. */
export async function purgeWaitingScript(
  guestOps: ManagementGuestOps,
  userid: Userid,
  kind: ScriptKind,
): Promise<boolean> {
  const mine = (await guestOps.readerFiles(userid)).filter((f) => f.name === NAME[kind]).at(-1);
  if (!mine) return false;
  await guestOps.purgeReaderFile(userid, mine.spoolId);
  return true;
}

/** Punches the `kind` script and runs it when the guest is reachable (phase C / B). */
export async function applyVolumeScript(
  guestOps: ManagementGuestOps,
  c: VolumeConnectionPayload,
  kind: ScriptKind,
  connections: number,
): Promise<void> {
  const script = volumeScript(kind, c, connections);
  await guestOps.punchFile(c.assignerId, script.body, { name: script.name });
  try {
    await runVolumeScript(guestOps, c.assignerId, kind);
  } catch (e) {
    // not run (IUCV refused): the script must not linger to run at the next boot
    await purgeWaitingScript(guestOps, c.assignerId, kind).catch(() => false);
    throw e;
  }
}

/**
 * Undo of an applied script: one still waiting in the reader (guest off) is purged; one the
 * guest already ran is reversed by the opposite script (detach removes the disks attach added,
 * attach re-adds what detach removed), errors ignored as the reference does.
 */
export async function reverseVolumeScript(
  guestOps: ManagementGuestOps,
  c: VolumeConnectionPayload,
  kind: ScriptKind,
  connections: number,
): Promise<void> {
  if (await purgeWaitingScript(guestOps, c.assignerId, kind)) return;
  const opposite: ScriptKind = kind === 'attach' ? 'detach' : 'attach';
  await applyVolumeScript(guestOps, c, opposite, connections).catch(() => undefined);
  // the guest went away meanwhile: nothing may run at its next boot either
  await purgeWaitingScript(guestOps, c.assignerId, opposite).catch(() => false);
}
