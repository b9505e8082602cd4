import { setTimeout as sleep } from 'node:timers/promises';
import { HvError, ModID, type Userid } from '#envelope';
import type { CpQueries, PowerState } from '#hypervisor';

/**
 * How the reference waits for a log-off (softstop 120 s, reset 30 × 10 s): we keep its bounds
 * but poll faster, because a simulated shutdown ends in well under the reference's 10 s poll.
 */
export const WAIT_OFF = { maxMs: 300_000, pollMs: 250 } as const;

/** Polls CP until the guest reaches `want`; overallRC 99 rs 414 (VM state timeout) after maxMs. */
export async function waitPower(
  cp: CpQueries,
  userid: Userid,
  want: PowerState,
  bounds: { maxMs: number; pollMs: number } = WAIT_OFF,
): Promise<void> {
  const until = Date.now() + bounds.maxMs;
  for (;;) {
    if ((await cp.queryUserPower(userid)) === want) return;
    if (Date.now() >= until) {
      throw new HvError(
        99,
        99,
        414,
        ModID.SMT,
        `Guest ${userid} did not reach power state ${want}`,
      );
    }
    await sleep(bounds.pollMs);
  }
}
