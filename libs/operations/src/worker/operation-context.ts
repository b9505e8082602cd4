import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Errors, HvError, HvNotReached } from '#envelope';
import { type LateEffect, type OperationStep, OperationsRepository } from '#persistence';
import { type CallNotes, withCallNotes } from '#hypervisor';
import { stepSpan } from '#telemetry';
import type { CancelSignals } from '../coordination/cancel-signals.service.js';
import type { OperationJobData } from '../job-data.js';
import { CancelPoint } from './cancel-point.js';
import { waitUnlessCancelled } from './cancellable-wait.js';
import { OperationCancelled, OperationUnwound } from './operation-errors.js';
import { StepDoubts, iso } from '../step-doubts.js';
import {
  type EffectRegistrar,
  inDoubt,
  PROBE_EVERY_MS,
  type StepOptions,
  stepsInDoubt,
} from '../step-options.js';
import { logStep } from '../operation-log.js';
import type { StepMeter } from './operation-meter.js';

export { OperationCancelled, OperationUnwound } from './operation-errors.js';

export interface ContextOptions {
  /** Unwinding: done steps only register their undo; the first step not done aborts. */
  unwinding?: boolean;
  /**
   * How long after a step began a call it made may still land on the hypervisor (the
   * transport's landingWindowMs). A probe that finds nothing sooner is asked again then.
   */
  settleMs?: number;
  /**
   * The attempt that marked the operation running: steps are recorded only while it still owns
   * the operation (a later delivery of the same job takes it over; RunSupersededError).
   */
  attempt?: number;
  /** Where its steps, undo runs and steps settled out of doubt are counted (worker metrics). */
  meter?: StepMeter;
  /**
   * A re-check of an ended operation for late effects (issue #58): nothing runs; each step
   * that was once in doubt and has a probe and an undo is probed, and what it finds is undone
   * and reported (lateEffects).
   */
  sweeping?: boolean;
  /**
   * Whether the hypervisor restarted (was IPLed) after a call was sent (epoch ms): such a call
   * can no longer land, so a step in doubt whose effect is not read back settles at once.
   */
  restartedSince?: (sentAt: number) => Promise<boolean>;
}

/**
 * What a handler sees of its operation: recorded steps and progress. A step that ended `ok`
 * in an earlier attempt is not run again, so a retry after a crash resumes where it stopped.
 */
export class OperationContext {
  private readonly log: Logger;
  private readonly doneBefore: Set<string>;
  private readonly inDoubt: Set<string>;
  /** The steps as last recorded: each write is a compare-and-set on them (one statement). */
  private steps: OperationStep[];
  /** When each step of an earlier attempt first started (an attempt's effects date from then). */
  private readonly firstStarts = new Map<string, string>();
  /** When the last earlier attempt began each step (its call may still be on its way). */
  private readonly lastStarts = new Map<string, string>();
  private readonly unwinding: boolean;
  private readonly sweeping: boolean;
  /** Steps once in doubt (a re-check for late effects probes them). */
  private readonly doubted: Set<string>;
  /** What a re-check found and did. */
  readonly lateEffects: LateEffect[] = [];
  private readonly settleMs: number;
  private readonly attempt: number | undefined;
  /** Undo actions of the steps done so far, in order; run in reverse on final failure. */
  private readonly undos: { name: string; undo: () => Promise<unknown> }[] = [];
  /** Steps not found done whose call may still land: left to probe again (needs_attention). */
  private readonly doubts: StepDoubts;
  /** Where it asks whether it was cancelled (cancelCheckedNow: the runner just asked). */
  private readonly cancel: CancelPoint;
  private readonly meter: StepMeter | undefined;

  /**
   * @param ops where steps and progress are recorded; null for housekeeping jobs, which have no
   *   operation record (their steps just run)
   */
  constructor(
    readonly operationId: string,
    private readonly ops: OperationsRepository | null,
    /** Null when a reconciler unwinds an operation whose job is gone. */
    private readonly job: Job | null,
    previousSteps: OperationStep[],
    cancels: CancelSignals,
    opts: ContextOptions = {},
  ) {
    this.unwinding = opts.unwinding ?? false;
    this.sweeping = opts.sweeping ?? false;
    this.settleMs = opts.settleMs ?? 0;
    this.attempt = opts.attempt;
    this.meter = opts.meter;
    this.log = new Logger(`op ${operationId.slice(0, 8)}`);
    this.cancel = new CancelPoint(cancels, operationId, this.log);
    const recorder = { steps: () => this.steps, record: (s: OperationStep) => this.record(s) };
    this.doubts = new StepDoubts(
      recorder,
      this.log,
      this.settleMs,
      (outcome) => this.meter?.inDoubtSettled(outcome),
      opts.restartedSince,
    );
    this.doneBefore = new Set(previousSteps.filter((s) => s.result === 'ok').map((s) => s.name));
    this.inDoubt = stepsInDoubt(previousSteps);
    this.doubted = new Set(previousSteps.filter((s) => s.doubted).map((s) => s.name));
    this.steps = previousSteps;
    for (const s of previousSteps) {
      if (!this.firstStarts.has(s.name)) this.firstStarts.set(s.name, s.startedAt);
      this.lastStarts.set(s.name, s.startedAt);
    }
  }

  /** Records a step (or its end) against the steps last recorded, without reading them back. */
  private async record(step: OperationStep): Promise<void> {
    // kept on its record: the operation is re-checked for late effects once it ends
    if (this.inDoubt.has(step.name) || (step.result === 'failed' && inDoubt(step))) {
      step = { ...step, doubted: true };
    }
    const steps = await this.ops?.appendStep(this.operationId, step, this.steps, this.attempt);
    if (steps) this.steps = steps;
    logStep(this.operationId, step);
    if (step.endedAt && step.result) {
      const seconds = (Date.parse(step.endedAt) - Date.parse(step.startedAt)) / 1000;
      this.meter?.stepEnded(step.result, Math.max(0, seconds));
    }
  }

  /** What the api passed beside the payload (OperationJobData.secrets); never stored. */
  get secrets(): Readonly<Record<string, string>> {
    return (this.job?.data as OperationJobData | undefined)?.secrets ?? {};
  }

  /**
   * When an earlier attempt of this operation first started the named step; undefined when no
   * earlier attempt reached it. Lets a probe or undo tell this operation's effects from older ones.
   */
  startedBefore(name: string): string | undefined {
    return this.firstStarts.get(name);
  }

  /**
   * Runs `fn` as the named step, recording start, end, result and codes. `undo` is registered
   * once the step has succeeded (now or in an earlier attempt) and runs if the operation fails;
   * `fn` may register the undo of each partial effect as it happens (`effect(undo)`), kept when
   * the step fails part-way. A step whose outcome an earlier attempt left in doubt is probed
   * first: found done, it is adopted (recorded ok, undo registered) instead of run again.
   */
  async step<T>(
    name: string,
    fn: (effect: EffectRegistrar) => Promise<T>,
    opts: StepOptions = {},
  ): Promise<T | undefined> {
    if (!this.ops) return fn(() => undefined);
    if (this.sweeping) return this.sweepStep(name, opts);
    const isUndo = name.startsWith('undo ');
    if (this.doneBefore.has(name)) {
      this.log.debug(`step ${name} already done in an earlier attempt`);
      if (opts.undo) this.undos.push({ name, undo: opts.undo });
      return undefined;
    }
    let run = fn;
    // in doubt from an earlier attempt: a failure now that never reached the hypervisor does
    // not clear that doubt (the earlier call may still land)
    const doubted = this.inDoubt.has(name);
    if (doubted && opts.probe) {
      const settled = await this.settleDoubt(name, opts);
      if (settled === 'adopted') return undefined;
      if (settled === 'repeat') run = () => this.repeatCall(name, opts);
    }
    if (this.unwinding && !isUndo) throw new OperationUnwound(this.operationId, name);
    // the safe point: nothing of this step has happened yet (undo steps always run)
    if (!isUndo && (await this.cancel.requested())) {
      throw new OperationCancelled(this.operationId);
    }
    const startedAt = new Date().toISOString();
    // a re-run merges into the record left in doubt: its note of until when no longer holds
    await this.record({ name, startedAt, inDoubtUntil: undefined });
    await this.publish(name);
    const effects: (() => Promise<unknown>)[] = [];
    const notes: CallNotes = { resent: false };
    try {
      const out = await withCallNotes(notes, () =>
        stepSpan(name, () => run((undo) => effects.push(undo))),
      );
      // the end is told by what follows (the next step's start, progress, the job's end); a
      // call sent again may see its earlier copy land later: re-checked once the operation ends
      await this.record({
        name,
        startedAt,
        endedAt: new Date().toISOString(),
        result: 'ok',
        ...(notes.resent ? { doubted: true } : {}),
      });
      if (opts.undo) this.undos.push({ name, undo: opts.undo });
      else this.pushEffects(name, effects);
      return out;
    } catch (e) {
      this.pushEffects(name, effects);
      const err = e instanceof HvError ? e : null;
      const failed: OperationStep = {
        name,
        startedAt,
        endedAt: new Date().toISOString(),
        result: 'failed',
        ...(err ? { rc: err.rc, rs: err.rs } : {}),
        detail: (e as Error).message,
        ...(e instanceof HvNotReached && !doubted && !notes.resent ? { unsent: true } : {}),
        ...(notes.resent ? { doubted: true } : {}),
      };
      await this.record(failed);
      // its call may land yet: if the operation ends now, rollback asks the probe once more
      if (!isUndo && opts.probe && !effects.length && inDoubt(failed)) {
        this.doubts.failedNow(name, opts, startedAt, this.firstStarts.get(name));
      }
      // rare, and what follows may be a wait (an outage's retry): told at once
      await this.publish(name);
      throw e;
    }
  }

  /**
   * Settles a step an earlier attempt left in doubt before anything of it runs again. Its
   * effect read back ('done'): adopted (recorded ok, undo registered). Not there and the call
   * safe to repeat (`repeat`): 'repeat', the call re-issued at once. Otherwise the probe is asked
   * every PROBE_EVERY_MS until the call's landing window since the earlier attempt began the
   * step has passed (a dead worker's call can still be running on the hypervisor: a lock lapses
   * sooner than a slow call ends), the step noting `inDoubtUntil` meanwhile; a cancel cuts the
   * wait short. Still not found: 'run', it runs again. An unwind does not wait nor repeat: the
   * step is left in doubt, probed later.
   */
  private async settleDoubt(
    name: string,
    opts: StepOptions,
  ): Promise<'adopted' | 'repeat' | 'run'> {
    const since = this.firstStarts.get(name)!;
    const until = Date.parse(this.lastStarts.get(name)!) + this.settleMs;
    const sent = this.lastStarts.get(name)!;
    if (this.unwinding) {
      const found = await this.doubts.probeNow(name, opts, since, until, sent);
      if (found === 'pending') {
        return this.leftInDoubt(name, until, new OperationUnwound(this.operationId, name));
      }
      if (found === 'absent') {
        this.meter?.inDoubtSettled('absent');
        await this.skip(name, 'not done: its call did not land');
        return 'run';
      }
      await this.adopt(name, opts);
      return 'adopted';
    }
    // a call safe to repeat is re-issued once the probe misses it, but not before `repeatAfterMs`
    // since the earlier attempt began it: one not answered "already" (a format) would otherwise
    // run twice beside a lost call still running for a dead worker
    let waitUntil = opts.repeat
      ? Math.min(until, Date.parse(sent) + (opts.repeatAfterMs ?? 0))
      : until;
    let found = await opts.probe!(since);
    // the hypervisor restarted since the call was sent: it can no longer land, nor be running
    if (found !== 'done' && Date.now() < waitUntil && (await this.doubts.cannotLand(name, sent))) {
      waitUntil = Date.now();
    }
    if (found !== 'done' && Date.now() < waitUntil) {
      this.log.log(`step ${name} in doubt, not found yet: probing until ${iso(waitUntil)}`);
      await this.doubts.waiting(name, waitUntil);
      // a cancel arriving meanwhile is seen by the wait and by the next safe point
      this.cancel.stale();
      while (found !== 'done' && Date.now() < waitUntil) {
        const next = Math.min(waitUntil, Date.now() + PROBE_EVERY_MS);
        if (await waitUnlessCancelled(next, () => this.cancel.ask())) {
          return this.leftInDoubt(name, until, new OperationCancelled(this.operationId));
        }
        found = await opts.probe!(since);
      }
    }
    if (found !== 'done') {
      this.meter?.inDoubtSettled('absent');
      // not there: re-issued (its "already" a success), or run again once it can no longer land
      return opts.repeat ? 'repeat' : 'run';
    }
    await this.adopt(name, opts);
    return 'adopted';
  }

  /**
   * Re-issues the call of a step in doubt that is safe to repeat (its "already" counted as
   * success by `repeat`), then reads its effect back: the step is done only if it is there.
   */
  private async repeatCall<T>(name: string, opts: StepOptions): Promise<T> {
    await opts.repeat!();
    const found = await opts.probe!(this.firstStarts.get(name)!);
    if (found !== 'done') {
      throw Errors.internal(`step ${name}: repeated, but its effect is not there`);
    }
    return undefined as T;
  }

  private async adopt(name: string, opts: StepOptions): Promise<void> {
    this.meter?.inDoubtSettled('adopted');
    const now = new Date().toISOString();
    await this.record({
      name,
      startedAt: now,
      endedAt: now,
      result: 'ok',
      detail: 'adopted: an earlier attempt had done it',
      inDoubtUntil: undefined,
    });
    await this.publish(name);
    if (opts.undo) this.undos.push({ name, undo: opts.undo });
  }

  /**
   * Leaves a step in doubt: rollback reports it left (the operation ends needs_attention and
   * is unwound again later), and the step's record says until when its call may land.
   */
  private async leftInDoubt(name: string, until: number, stop: Error): Promise<never> {
    await this.doubts.leave(name, until);
    throw stop;
  }

  private pushEffects(name: string, effects: (() => Promise<unknown>)[]): void {
    effects.forEach((undo, i) => this.undos.push({ name: `${name} #${i + 1}`, undo }));
  }

  /**
   * Undoes the completed steps in reverse, each recorded as `undo <step>`. An undo that fails
   * is recorded and the rest still run: the operation's envelope keeps the original error.
   * Resolves with the steps whose undo failed (left to undo).
   */
  async rollback(): Promise<string[]> {
    await this.doubts.settleFailed((name, opts) => this.adopt(name, opts));
    const left: string[] = [];
    const undos = this.undos.splice(0).reverse();
    for (const { name, undo } of undos) {
      try {
        await this.step(`undo ${name}`, undo);
      } catch (e) {
        left.push(name);
        this.log.error(`undo of ${name} failed: ${(e as Error).message}`);
      }
    }
    // steps still in doubt are left too: probed again (and undone if found) later
    const leftToUndo = [...this.doubts.left, ...left.reverse()];
    if (undos.length || leftToUndo.length) this.meter?.undoRun(leftToUndo.length ? 'left' : 'done');
    return leftToUndo;
  }

  /**
   * A step in a re-check for late effects: one once in doubt whose effect the probe finds
   * (made since the step first started: its own) landed after the operation ended, and is
   * undone (recorded as `undo <step>`, noted in lateEffects). Nothing else runs.
   */
  private async sweepStep<T>(name: string, opts: StepOptions): Promise<T | undefined> {
    if (!this.doubted.has(name) || !opts.probe || !opts.undo) return undefined;
    const since = this.firstStarts.get(name)!;
    if ((await opts.probe(since)) !== 'done') return undefined;
    const foundAt = new Date().toISOString();
    try {
      await opts.undo();
      await this.record({
        name: `undo ${name}`,
        startedAt: foundAt,
        endedAt: new Date().toISOString(),
        result: 'ok',
        detail: 'late effect: its call landed after the operation ended',
      });
      this.lateEffects.push({ step: name, foundAt, action: 'undone' });
    } catch (e) {
      this.lateEffects.push({
        step: name,
        foundAt,
        action: 'undo failed',
        detail: (e as Error).message,
      });
    }
    return undefined;
  }

  /** Records a step that was decided without acting (e.g. already in the wanted state). */
  async skip(name: string, detail: string): Promise<void> {
    const now = new Date().toISOString();
    await this.record({
      name,
      startedAt: now,
      endedAt: now,
      result: 'skipped',
      detail,
    });
  }

  private percent = 0;

  /** Reports progress in percent, on the operation and as the job's progress. */
  async progress(percent: number): Promise<void> {
    this.percent = Math.max(0, Math.min(100, Math.round(percent)));
    await this.ops?.setProgress(this.operationId, this.percent);
    await this.publish();
  }

  /**
   * Job progress is how listeners (event streams, dashboard) learn of steps and percent. It is
   * news, not state (the row has the steps): a Redis glitch must not fail the operation. Sent
   * when a step starts, not again when it ends: listeners read the row on each event, so the
   * next one (a step starting, progress, the job completing) carries a step's successful end
   * along, and one event per step instead of two halves what every api
   * process's queue-events reader parses.
   */
  private async publish(step?: string): Promise<void> {
    try {
      await this.job?.updateProgress({ percent: this.percent, ...(step ? { step } : {}) });
    } catch (e) {
      this.log.warn(`progress not published: ${(e as Error).message}`);
    }
  }

  /** The runner asked whether it was cancelled just before this context: see CancelPoint. */
  cancelCheckedNow(): void {
    this.cancel.checkedNow();
  }
}
