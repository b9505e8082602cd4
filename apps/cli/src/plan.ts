import { CliError } from './api-client.js';
import { EXIT } from './exit-codes.js';
import { human } from './human.js';

/** The answer of `?validate_only=true` (the service's OperationPlan), as far as hvctl reads it. */
export interface Plan {
  feasible: boolean;
  reasons: { resource: string; message: string; needed?: unknown; available?: unknown }[];
  kind: string;
  target: string | null;
  steps: { name: string; calls: string[] }[];
  conflicts: { id: string; kind: string; status: string }[];
  queue: { name: string; position: number; drained: boolean; eta_s: number | null };
}

/** A plan for people: verdict, reasons, steps with their calls, what it waits behind. */
export function planText(p: Plan): string {
  const eta = p.queue.eta_s === null ? 'unknown' : `${p.queue.eta_s}s`;
  const parts = [
    `${p.kind}${p.target ? ` ${p.target}` : ''}: ${p.feasible ? 'feasible' : 'NOT feasible'}`,
    ...p.reasons.map((r) => `  - ${r.resource}: ${r.message}`),
    '',
    human(p.steps.map((s) => ({ step: s.name, calls: s.calls.join(', ') }))),
    '',
    `queue ${p.queue.name}: ${p.queue.position} ahead${p.queue.drained ? ' (drained)' : ''}, eta ${eta}`,
  ];
  if (p.conflicts.length)
    parts.push(`waits behind: ${p.conflicts.map((c) => `${c.kind} ${c.id}`).join(', ')}`);
  return parts.join('\n');
}

/** An infeasible plan is a failed command (exit 1), so a script can test it. */
export function planVerdict(p: Plan): void {
  if (!p.feasible) throw new CliError(`${p.kind} is not feasible (dry run)`, EXIT.failed);
}
