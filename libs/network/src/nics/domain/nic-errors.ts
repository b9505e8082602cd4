import { Errors, type HvError, ModID } from '#envelope';
import { isSmapi } from '#hypervisor';

type Pair = [number, number];

/**
 * Maps the hypervisor's refusal of a NIC function to the reference's error (smtclient.py
 * `_create_nic_*_exception`, `_couple_*_exception`, …): `conflicts` become network 409s with
 * the given reason, `missing` 404s naming what is missing; anything else passes unchanged.
 */
export function nicError(
  e: unknown,
  map: { conflicts?: [Pair[], number][]; missing?: [Pair[], string][] },
): unknown {
  for (const [pairs, rs] of map.conflicts ?? []) {
    if (isSmapi(e, ...pairs)) return Errors.conflict(ModID.NETWORK, rs, e.message);
  }
  for (const [pairs, what] of map.missing ?? []) {
    if (isSmapi(e, ...pairs)) return Errors.notExist(ModID.NETWORK, what);
  }
  return e;
}

/** Runs a hypervisor call, mapping its refusal with `nicError`. */
export async function mapped<T>(call: Promise<T>, map: Parameters<typeof nicError>[1]): Promise<T> {
  try {
    return await call;
  } catch (e) {
    throw nicError(e, map);
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
