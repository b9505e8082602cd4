import { Errors, type Userid } from '#envelope';
import { ManagementGuestOps, isMgmtFailure } from '#hypervisor';

export type ScriptKind = 'attach' | 'detach';

/** What the exit statuses of the reference's volume scripts mean. */
const MEANING: Record<ScriptKind, Record<number, string>> = {
  attach: {
    1: 'the multipathd service is not active',
    2: 'the attach script got invalid parameters',
    3: 'none of the target WWPNs is reachable through the FCP devices',
    4: 'the volume is not visible in the guest',
  },
  detach: {
    1: 'the multipathd service is not active',
    2: 'the detach script got invalid parameters',
    3: 'none of the target WWPNs is reachable through the FCP devices',
    5: 'the multipath map could not be flushed',
  },
};

const START = 'systemctl start zvmguestconfigure.service';
const STATUS = 'systemctl status zvmguestconfigure.service';

/** The `status=N` of `systemctl status`' "Main PID: … (code=exited, status=N/…)" line. */
export function exitStatusOf(lines: string[]): number | undefined {
  for (const l of lines) {
    const m = /Main PID:.*status=(\d+)/.exec(l);
    if (m) return Number(m[1]);
  }
  return undefined;
}

/**
 * The in-guest half of attach/detach (reference §8.2 C, §8.3 B), after the script was punched:
 * when the guest answers over IUCV (`pwd`), starts its configuration service, which runs the
 * script now; a guest that is off or has no OS up runs it at its next boot ('deferred'). An
 * IUCV client the guest does not authorise is volume rs 6; a script that fails is volume rs 8
 * (attach) or 9 (detach) naming its exit status and what that means.
 */
export async function runVolumeScript(
  guestOps: ManagementGuestOps,
  userid: Userid,
  kind: ScriptKind,
): Promise<'ran' | 'deferred'> {
  try {
    await guestOps.execInGuest(userid, 'pwd');
  } catch (e) {
    if (!isMgmtFailure(e)) throw e;
    if (/UNAUTHORIZED/i.test(e.message)) {
      throw Errors.volume(6, `IUCV is not authorized on guest ${userid}: ${e.message}`);
    }
    return 'deferred';
  }
  try {
    await guestOps.execInGuest(userid, START);
    return 'ran';
  } catch (e) {
    if (!isMgmtFailure(e)) throw e;
    // the guest refused the command itself: nothing ran, so no exit status to report
    if (/UNAUTHORIZED/i.test(e.message)) {
      throw Errors.volume(6, `IUCV is not authorized on guest ${userid}: ${e.message}`);
    }
    const lines = await guestOps.execInGuest(userid, STATUS).catch(() => [] as string[]);
    const status = exitStatusOf(lines);
    const why =
      status === undefined
        ? `the configuration service failed: ${e.message}`
        : `the ${kind} script exited with ${status}: ${MEANING[kind][status] ?? 'unknown error'}`;
    throw Errors.volume(
      kind === 'attach' ? 8 : 9,
      `Failed to ${kind} volume on guest ${userid}: ${why}`,
    );
  }
}
