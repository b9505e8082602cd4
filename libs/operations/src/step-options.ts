import type { OperationStep } from '#persistence';

/** What a probe found out about a step whose outcome is unknown (its worker died in it). */
export type ProbeResult = 'done' | 'absent';

/** Registers the undo of one effect of a step as soon as that effect has happened. */
export type EffectRegistrar = (undo: () => Promise<unknown>) => void;

export interface StepOptions {
  /** Undoes the whole step once it has succeeded (now or in an earlier attempt). */
  undo?: () => Promise<unknown>;
  /**
   * Asks the hypervisor whether the step's effect already happened. Called instead of running
   * the step blindly again when an earlier attempt started it and its outcome is unknown.
   * `since`: when an earlier attempt first started the step (ISO 8601), so that an effect older
   * than this operation is not taken for its own.
   */
  probe?: (since: string) => Promise<ProbeResult>;
  /**
   * The step's call again, for when it is in doubt and the probe does not find its effect: the
   * call is safe to repeat (a repeat that comes after the lost one lands is answered "already
   * exists" / "already in that state", which `repeat` counts as success), so it is re-issued
   * at once instead of waiting until the lost call can no longer land. The probe must then find
   * the effect, or the step fails. Needs `probe`.
   */
  repeat?: () => Promise<unknown>;
  /**
   * With `repeat`: how long after the earlier attempt began the step the probe is still given
   * before the call is repeated (probed every PROBE_EVERY_MS meanwhile). For a call whose repeat
   * is not answered "already" but redone (a format): a lost call still running for a dead
   * worker ends within it and is adopted, instead of running twice. Default 0: at once.
   */
  repeatAfterMs?: number;
}

/** How often a step in doubt that can only be read back is probed while its call may land. */
export const PROBE_EVERY_MS = 3000;

/** Link failures (rc 99 rs 305) and timeouts (rc 1 rs 501): the call may or may not have run. */
function linkFailure(s: OperationStep): boolean {
  return (s.rc === 99 && s.rs === 305) || (s.rc === 1 && s.rs === 501);
}

/**
 * Whether a step's record leaves its outcome in doubt: started and never ended (the worker died
 * in it), or ended by a link failure after its call may have reached the hypervisor.
 */
export function inDoubt(s: OperationStep): boolean {
  return !s.result || (s.result === 'failed' && linkFailure(s) && !s.unsent);
}

/** Steps of earlier attempts whose outcome is in doubt, by name; a name's last record counts. */
export function stepsInDoubt(steps: readonly OperationStep[]): Set<string> {
  const last = new Map<string, OperationStep>();
  for (const s of steps) last.set(s.name, s);
  return new Set([...last.values()].filter(inDoubt).map((s) => s.name));
}
