import type { Logger } from '@nestjs/common';
import type { CancelSignals } from '../coordination/cancel-signals.service.js';

/** Where an operation asks whether it was cancelled: at each safe point (before a step). */
export class CancelPoint {
  /** The answer of a cancel check made just before the context, for its first safe point. */
  private justChecked = false;

  constructor(
    private readonly cancels: CancelSignals,
    private readonly operationId: string,
    private readonly log: Logger,
  ) {}

  /**
   * The runner asked whether the operation was cancelled right before marking it running: the
   * first safe point takes that answer instead of asking Redis again. A request arriving in
   * between is one that arrived just after that safe point: the next one sees it.
   */
  checkedNow(): void {
    this.justChecked = true;
  }

  /** At a safe point: whether a cancel was asked for (the runner's answer, once, if fresh). */
  async requested(): Promise<boolean> {
    if (this.justChecked) {
      this.justChecked = false;
      return false;
    }
    return this.ask();
  }

  /** The runner's answer is no longer fresh (a wait began): the next safe point asks. */
  stale(): void {
    this.justChecked = false;
  }

  /** Asks Redis every time; unreachable reads as "not asked to stop": the next point asks again. */
  async ask(): Promise<boolean> {
    try {
      return await this.cancels.requested(this.operationId);
    } catch (e) {
      this.log.warn(`cancel signal not readable: ${(e as Error).message}`);
      return false;
    }
  }
}
