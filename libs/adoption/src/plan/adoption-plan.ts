import { planFcps, planTemplates } from './plan-fcp.js';
import { planGuests, planImages } from './plan-guests.js';
import { emptyPlan } from './plan-ledger.js';
import { planNics } from './plan-nics.js';
import type { AdoptionPlan, PlanInput } from './plan.types.js';

/**
 * What an adoption would write, decided from the reference's records, ours and the
 * hypervisor's view; writes nothing. Conflicts are listed (and resolved under `--prefer`).
 */
export function planAdoption(input: PlanInput): AdoptionPlan {
  const plan = emptyPlan(input.ref.missing);
  const gone = planGuests(plan, input);
  planImages(plan, input);
  planTemplates(plan, input);
  planFcps(plan, input, gone);
  planNics(plan, input, gone);
  return plan;
}

/** Whether the plan writes anything. */
export const writesAnything = (plan: AdoptionPlan): boolean =>
  Object.values(plan.writes).some((rows: unknown[]) => rows.length > 0);
