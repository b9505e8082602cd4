import type { Logger } from '@nestjs/common';
import type { OperationStep } from '#persistence';
import { inDoubt, type ProbeResult, type StepOptions } from './step-options.js';

/** Marks the note on a step whose call may still land (it is probed again later). */
const IN_DOUBT_NOTE = 'in doubt: its call may still land until';

/** Where a context records steps, as seen by StepDoubts. */
export interface StepRecorder {
  steps(): readonly OperationStep[];
  record(step: OperationStep): Promise<void>;
}

/** A step that failed in this attempt by a link failure after its call may have been sent. */
interface FailedInDoubt {
  name: string;
  opts: StepOptions;
  startedAt: string;
  since: string;
}

export const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Whether an operation that ended left a step in doubt, to be probed again (its call may still
 * land): the last record of some step is in doubt and carries the note.
 */
export function leftInDoubt(steps: readonly OperationStep[]): boolean {
  const last = new Map<string, OperationStep>();
  for (const s of steps) last.set(s.name, s);
  return [...last.values()].some((s) => inDoubt(s) && !!s.detail?.includes(IN_DOUBT_NOTE));
}

/**
 * The steps of one attempt whose outcome is in doubt and cannot wait: left in doubt when the
 * operation ends (its rollback reports them left, so it ends needs_attention and is unwound
 * again later, when the probe is asked once more), each noted with until when its call may land.
 */
export class StepDoubts {
  /** Steps left in doubt, for rollback to report. */
  readonly left: string[] = [];
  private readonly failed: FailedInDoubt[] = [];

  constructor(
    private readonly recorder: StepRecorder,
    private readonly log: Logger,
    /** How long after a step began its call may still land. */
    readonly settleMs: number,
    /** Told when a step's doubt is settled here: found not done, or left to probe later. */
    private readonly onSettled: (outcome: 'absent' | 'left') => void = () => undefined,
    /**
     * Whether the hypervisor restarted after a call was sent (epoch ms): the call can then no
     * longer land, and a probe that misses its effect settles the doubt at once.
     */
    private readonly restartedSince?: (sentAt: number) => Promise<boolean>,
  ) {}

  /**
   * Whether a call sent when the step began (`startedAt`, ISO 8601) can no longer land: the
   * hypervisor restarted since. Not known (no way to ask, or asking failed): false.
   */
  async cannotLand(name: string, startedAt: string): Promise<boolean> {
    if (!this.restartedSince) return false;
    try {
      return await this.restartedSince(Date.parse(startedAt));
    } catch (e) {
      this.log.warn(`step ${name} in doubt, hypervisor restart not known: ${(e as Error).message}`);
      return false;
    }
  }

  /** A step that just failed with its call possibly sent: probed again if the operation ends. */
  failedNow(name: string, opts: StepOptions, startedAt: string, since = startedAt): void {
    this.failed.push({ name, opts, startedAt, since });
  }

  /**
   * One probe, no waiting: 'pending' when the effect is not there (or cannot be asked for)
   * while the call, sent at `startedAt`, may still land; 'absent' once it can no longer (its
   * window has passed, or the hypervisor restarted since).
   */
  async probeNow(
    name: string,
    opts: StepOptions,
    since: string,
    until: number,
    startedAt: string,
  ): Promise<ProbeResult | 'pending'> {
    try {
      if ((await opts.probe!(since)) === 'done') return 'done';
    } catch (e) {
      this.log.warn(`step ${name} in doubt, not probed: ${(e as Error).message}`);
      return 'pending';
    }
    if (Date.now() >= until) return 'absent';
    return (await this.cannotLand(name, startedAt)) ? 'absent' : 'pending';
  }

  /**
   * Notes on the step's record until when its call may land while the operation waits for it
   * (`inDoubtUntil`; no result: the record stays in doubt, its start, the window's, is kept).
   */
  async waiting(name: string, until: number): Promise<void> {
    const last = this.recorder.steps().findLast((s) => s.name === name);
    if (!last) return;
    await this.recorder.record({ name, startedAt: last.startedAt, inDoubtUntil: iso(until) });
  }

  /** Leaves the step in doubt, noting on its record until when its call may land (once). */
  async leave(name: string, until: number): Promise<void> {
    this.left.push(name);
    this.onSettled('left');
    const last = this.recorder.steps().findLast((s) => s.name === name);
    if (!last || last.detail?.includes(IN_DOUBT_NOTE)) return;
    const note = `${IN_DOUBT_NOTE} ${iso(until)}; probed again then`;
    // no result: the record stays in doubt, and its start (the window's) is kept
    await this.recorder.record({
      name,
      startedAt: last.startedAt,
      endedAt: new Date().toISOString(),
      detail: last.detail ? `${last.detail}; ${note}` : note,
      inDoubtUntil: iso(until),
    });
  }

  /**
   * The steps that failed in doubt in this attempt, asked once more: found done, `adopt`
   * registers their undo; otherwise they are left in doubt while their call may land.
   */
  async settleFailed(adopt: (name: string, opts: StepOptions) => Promise<void>): Promise<void> {
    for (const { name, opts, startedAt, since } of this.failed.splice(0)) {
      const until = Date.parse(startedAt) + this.settleMs;
      const found = await this.probeNow(name, opts, since, until, startedAt);
      if (found === 'done') await adopt(name, opts);
      else if (found === 'pending') await this.leave(name, until);
      else this.onSettled('absent');
    }
  }
}
