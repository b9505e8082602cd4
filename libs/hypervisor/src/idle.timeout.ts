/**
 * Aborts an exchange when nothing has moved for `ms`: streamed transfers (images of many GB)
 * may take long in total, but a hypervisor that stops answering must still be noticed.
 */
export class IdleTimeout {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  /** Whether it fired (so the abort that follows is a timeout, not a transport failure). */
  fired = false;

  constructor(private readonly ms: number) {
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Something moved: the clock starts again. */
  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort(new Error(`no progress in ${this.ms} ms`));
    }, this.ms);
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
