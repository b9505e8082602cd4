import { conflict, skip } from './plan-ledger.js';
import type { AdoptionPlan, PlanInput } from './plan.types.js';

/**
 * Switch rows as our NIC records: the guest must be ours or adopted in this run. Device numbers
 * compare as numbers, as the reference compares them.
 */
export function planNics(plan: AdoptionPlan, input: PlanInput, gone: Set<string>): void {
  const guests = new Set([
    ...input.ours.guests.map((g) => g.userid),
    ...plan.writes.guests.map((g) => g.userid),
  ]);
  const num = (vdev: string) => Number.parseInt(vdev, 16);
  for (const ref of input.ref.switches ?? []) {
    const key = `${ref.userid} ${ref.interface}`;
    if (!/^[0-9a-f]{1,4}$/i.test(ref.interface)) {
      skip(plan, 'nics', key, 'not a device number');
      continue;
    }
    if (!guests.has(ref.userid)) {
      const why = gone.has(ref.userid)
        ? 'the guest has no directory entry'
        : 'the guest is not adopted';
      skip(plan, 'nics', key, why);
      continue;
    }
    const mine = input.ours.nics.find(
      (n) => n.userid === ref.userid && num(n.interface) === num(ref.interface),
    );
    const show = (n: { switch: string | null; port: string | null; comments: string | null }) =>
      `switch ${n.switch ?? '-'}, port ${n.port ?? '-'}, comments ${n.comments ?? '-'}`;
    if (mine && show(mine) === show(ref)) {
      plan.report.nics.present.push(key);
      continue;
    }
    if (mine) {
      const c = { kind: 'nics' as const, key, ours: show(mine), theirs: show(ref) };
      if (!conflict(plan, c, input.prefer)) continue;
    }
    // an existing row keeps its spelling of the device number (it is the key)
    plan.writes.nics.push({ ...ref, interface: mine?.interface ?? ref.interface });
    plan.report.nics.adopted.push(key);
  }
}
