import { Errors, type HvError, ModID } from '#envelope';
import { isSmapi } from '#hypervisor';

type Pair = [number, number];

/** Turns one kind of hypervisor refusal into the reference's error, or leaves it alone. */
export type ErrorRule = (e: unknown) => HvError | undefined;

/** These (rc, rs) refusals become network 409s with reason `rs` (smtclient `_*_exception`). */
export const conflict =
  (rs: number, ...pairs: Pair[]): ErrorRule =>
  (e) =>
    isSmapi(e, ...pairs) ? Errors.conflict(ModID.NETWORK, rs, e.message) : undefined;

/** These (rc, rs) refusals become 404s naming what is missing. */
export const missing =
  (what: string, ...pairs: Pair[]): ErrorRule =>
  (e) =>
    isSmapi(e, ...pairs) ? Errors.notExist(ModID.NETWORK, what) : undefined;

/** Runs a hypervisor call; a refusal a rule knows becomes its error, others pass unchanged. */
export async function mapped<T>(call: Promise<T>, ...rules: ErrorRule[]): Promise<T> {
  try {
    return await call;
  } catch (e) {
    for (const rule of rules) {
      const out = rule(e);
      if (out) throw out;
    }
    throw e;
  }
}

/** 409 rs 1 (modID 20): `active` needs the guest logged on (reference §10 #24). */
export function notActive(userid: string): HvError {
  return Errors.conflict(
    ModID.NETWORK,
    1,
    `Guest '${userid}' is not in active status, the change cannot apply to the active guest.`,
  );
}
