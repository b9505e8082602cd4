import { Injectable } from '@nestjs/common';
import { type Envelope, ok, type Userid } from '#envelope';
import {
  SystemsManagement,
  ManagementGuestOps,
  type ImagePerformanceOutput,
  isMgmtFailure,
  isSmapi,
} from '#hypervisor';
import { GuestsRepository } from '#persistence';
import { requireManagedGuest } from '../managed/managed-guest.js';

/** One guest's entry of GET /guests/stats (spec §4.5): integers only. */
export interface GuestStats {
  guest_cpus: number;
  used_cpu_time_us: number;
  elapsed_cpu_time_us: number;
  min_cpu_count: number;
  max_cpu_limit: number;
  samples_cpu_in_use: number;
  samples_cpu_delay: number;
  used_mem_kb: number;
  max_mem_kb: number;
  min_mem_kb: number;
  shared_mem_kb: number;
  /** From the guest OS's /proc/meminfo, kB; 0 when its OS does not answer. */
  total_memory: number;
  available_memory: number;
  free_memory: number;
}

/** kB values of MemTotal, MemAvailable and MemFree in /proc/meminfo lines. */
export function parseMemInfo(lines: readonly string[]): {
  total: number;
  available: number;
  free: number;
} {
  const kb = (name: string) => {
    const m = new RegExp(`^${name}:\\s*(\\d+)`).exec(lines.find((l) => l.startsWith(name)) ?? '');
    return m ? Number(m[1]) : 0;
  };
  return { total: kb('MemTotal'), available: kb('MemAvailable'), free: kb('MemFree') };
}

/** The hypervisor's counters and the OS's memory figures, in the spec's keys. */
export function toStats(
  p: ImagePerformanceOutput,
  mem: { total: number; available: number; free: number },
): GuestStats {
  return {
    guest_cpus: p.guestCpus,
    used_cpu_time_us: p.usedCpuTimeUs,
    elapsed_cpu_time_us: p.elapsedCpuTimeUs,
    min_cpu_count: p.minCpuCount,
    max_cpu_limit: p.maxCpuLimit,
    samples_cpu_in_use: p.samplesCpuInUse,
    samples_cpu_delay: p.samplesCpuDelay,
    used_mem_kb: p.usedMemKb,
    max_mem_kb: p.maxMemKb,
    min_mem_kb: p.minMemKb,
    shared_mem_kb: p.sharedMemKb,
    total_memory: mem.total,
    available_memory: mem.available,
    free_memory: mem.free,
  };
}

/**
 * GET /guests/stats: every userid must be managed (404 for the first that is not, before any
 * hypervisor call, as the reference checks its database first); guests that are off, or
 * whose directory entry is gone, are left out (reference §10 item 22). Read fresh on every
 * call: the reference caches 300 s, we let the counters move.
 */
@Injectable()
export class GuestStatsService {
  constructor(
    private readonly guests: GuestsRepository,
    private readonly hv: SystemsManagement,
    private readonly guestOps: ManagementGuestOps,
  ) {}

  async stats(userids: Userid[]): Promise<Envelope<Record<string, GuestStats>>> {
    for (const id of userids) await requireManagedGuest(this.guests, id);
    const entries = await Promise.all(userids.map(async (id) => [id, await this.one(id)] as const));
    const out: Record<string, GuestStats> = {};
    for (const [id, s] of entries) if (s) out[id] = s;
    return ok(out);
  }

  private async one(userid: Userid): Promise<GuestStats | undefined> {
    let perf: ImagePerformanceOutput | undefined;
    try {
      perf = await this.hv.imagePerformance(userid);
    } catch (e) {
      if (isSmapi(e, [200, 4], [400, 4])) return undefined; // no such user
      throw e;
    }
    if (!perf) return undefined;
    let mem = { total: 0, available: 0, free: 0 };
    try {
      mem = parseMemInfo(await this.guestOps.execInGuest(userid, 'cat /proc/meminfo'));
    } catch (e) {
      if (!isMgmtFailure(e)) throw e;
    }
    return toStats(perf, mem);
  }
}
