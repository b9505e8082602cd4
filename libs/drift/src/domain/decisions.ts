import { Errors, type HvError, isUserid } from '#envelope';
import type { DriftDecision, DriftKind } from '#jobs';

/**
 * The decisions that do not apply, and why (null: it applies). Adopting makes the database
 * take what the hypervisor has: the database keeps no vswitch grants, and a guest it registers
 * needs a userid the API takes.
 */
export function decisionRefusal(
  kind: DriftKind,
  decision: DriftDecision,
  id: string,
): HvError | null {
  if (decision !== 'adopt') return null;
  if (kind === 'vswitch_grant_differs') {
    return Errors.driftDecisionRefused(
      kind,
      decision,
      'the database keeps no vswitch grants; grant or revoke with PUT /vswitches/{name}, or forget the item',
    );
  }
  if (kind === 'guest_unknown' && !isUserid(id)) {
    return Errors.driftDecisionRefused(
      kind,
      decision,
      `${id} is not a userid the API takes (1-8 letters or digits); forget the item instead`,
    );
  }
  return null;
}
