import { Injectable } from '@nestjs/common';
import { CpQueries } from './cp.queries.js';

/**
 * How far the workers' clocks and the hypervisor's may disagree (both kept by NTP / STP): an
 * IPL is taken to follow a call only when CP's IPL time is later than the call's start by more.
 */
export const IPL_CLOCK_MARGIN_MS = 1000;

const IPL_LINE = /^IPL at (\d\d)\/(\d\d)\/(\d\d) (\d\d):(\d\d):(\d\d) UTC\s*$/;

/**
 * The IPL time of QUERY CPLEVEL's `IPL at mm/dd/yy hh:mm:ss UTC` line as epoch ms (CP prints
 * it to the second, cut); undefined without one, or in another zone (its offset unknown).
 */
export function iplTimeOf(cplevel: readonly string[]): number | undefined {
  for (const line of cplevel) {
    const m = IPL_LINE.exec(line.trim());
    if (!m) continue;
    const [mm, dd, yy, h, min, s] = m.slice(1).map(Number);
    return Date.UTC(2000 + yy, mm - 1, dd, h, min, s);
  }
  return undefined;
}

/**
 * Whether the hypervisor was IPLed since a call was sent: an outage that restarted it ended
 * every call in flight, so a call sent before can no longer land, and reading its effect back
 * settles it at once (issue #58) instead of waiting out the transport's landing window. An
 * outage that did not restart CP (the link alone) is not seen here: its calls are waited out.
 */
@Injectable()
export class HypervisorRestarts {
  constructor(private readonly cp: CpQueries) {}

  /** Whether CP was IPLed after `sentAt` (epoch ms); false when that cannot be told. */
  async since(sentAt: number): Promise<boolean> {
    const ipl = iplTimeOf(await this.cp.queryCplevel());
    return ipl !== undefined && ipl > sentAt + IPL_CLOCK_MARGIN_MS;
  }
}
