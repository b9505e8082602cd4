import type { MachineFacts } from './machine.facts.js';

/**
 * How long the machine facts are kept. The CPC, the LPAR and each CHPID's PCHID change only when
 * the machine is reconfigured; a channel path added since shows as an unknown CHPID and is read
 * at once, anything else is caught up with after this long.
 */
export const MACHINE_FACTS_TTL_MS = 10 * 60_000;

/**
 * The machine facts of the management guest (`lschp`, `zhypinfo -j`), read once and kept: every
 * System_WWPN_Query needs them, and each read starts two processes on the management node.
 * Reads asked for while one is out share it; a failed read is not kept.
 */
export class KeptMachineFacts {
  private kept?: { facts: MachineFacts; at: number };
  private reading?: Promise<MachineFacts>;

  constructor(
    private readonly read: () => Promise<MachineFacts>,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = MACHINE_FACTS_TTL_MS,
  ) {}

  /** The facts, read again when older than the TTL or when one of `chpids` is not among them. */
  get(chpids: readonly string[] = []): Promise<MachineFacts> {
    const kept = this.kept;
    if (
      kept &&
      this.now() - kept.at < this.ttlMs &&
      chpids.every((c) => c.toUpperCase() in kept.facts.pchids)
    ) {
      return Promise.resolve(kept.facts);
    }
    this.reading ??= this.read()
      .then((facts) => {
        this.kept = { facts, at: this.now() };
        return facts;
      })
      .finally(() => (this.reading = undefined));
    return this.reading;
  }
}
