import type { SmapiReply } from '#hypervisor';
import type { LatencyProfile } from '../latency/latency.profile.js';
import type { HypervisorState } from '../state/hypervisor.state.js';
import type { UserRecord } from '../state/state.types.js';
import { fail, syntax, SYNTAX, type SmapiCode } from './smapi.codes.js';
import { normVdev } from '../state/directory.parser.js';

export interface SmapiContext {
  state: HypervisorState;
  latency: LatencyProfile;
}

/**
 * One SMAPI function: validates, changes state, answers. Synchronous on purpose: a call's effect
 * is atomic, however many calls are in flight. Failures are thrown as SmapiFailure.
 */
export type SmapiHandler = (
  ctx: SmapiContext,
  target: string,
  params: Record<string, unknown>,
) => SmapiReply;

export const OK: SmapiReply = { rc: 0, rs: 0 };

/** The target user, or the function's "not found" code. */
export function requireUser(ctx: SmapiContext, target: string, notFound: SmapiCode): UserRecord {
  const u = ctx.state.user(target);
  if (!u) throw fail(notFound, target);
  return u;
}

/** A virtual device number parameter (1–4 hex digits), normalised to 4 digits. */
export function vdevParam(value: unknown, param: number): string {
  if (value === undefined || value === '') throw syntax(param, SYNTAX.MISSING, 'vdev is required');
  const vdev = typeof value === 'string' ? normVdev(value) : undefined;
  if (!vdev)
    throw syntax(param, SYNTAX.NOT_HEX, `vdev ${JSON.stringify(value)} is not 1-4 hex digits`);
  return vdev;
}
