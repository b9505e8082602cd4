import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { SystemFacts, SystemsManagement, type HostSystemFacts } from '#hypervisor';
import type { CreateGuestPayload } from '#jobs';
import { DryRunPlanner, type PlanReason, type ResourceReport } from '#operations';
import { diskSpace } from './disk-space.js';

/** A `max_mem` value (`<n>M` or `<n>G`) in MB. */
const memoryMb = (size: string): number =>
  Number(size.slice(0, -1)) * (size.endsWith('G') ? 1024 : 1);

/**
 * The resources a guest create or disk add would take, checked live for a dry run (issue #61):
 * disk pool space, the host's CPUs and storage against what the directory entry asks, and
 * whether the userid is defined already.
 */
@Injectable()
export class GuestDryRunChecks implements OnModuleInit {
  private readonly log = new Logger(GuestDryRunChecks.name);

  constructor(
    private readonly planner: DryRunPlanner,
    private readonly hv: SystemsManagement,
    private readonly system: SystemFacts,
  ) {}

  onModuleInit(): void {
    this.planner.checkWith('guest.create', (p) => this.create(p));
    this.planner.checkWith('guest.add-disks', async (p) => {
      const { pools, reasons } = await diskSpace(this.hv, p.disks);
      return { resources: { disk_pools: pools }, reasons };
    });
  }

  private async create(p: CreateGuestPayload): Promise<ResourceReport> {
    const [space, users, host] = await Promise.all([
      diskSpace(this.hv, p.disks),
      this.hv.imageNameQueryDM(),
      this.hostFacts(),
    ]);
    const reasons: PlanReason[] = [...space.reasons];
    if (users.some((u) => u.toUpperCase() === p.userid)) {
      reasons.push({ resource: 'userid', message: `user ${p.userid} is defined already` });
    }
    const directory = {
      user_profile: p.userProfile,
      vcpus: p.vcpus,
      max_cpu: p.maxCpu,
      memory_mb: p.memory,
      max_mem_mb: memoryMb(p.maxMem),
    };
    if (host) this.againstHost(p, host, reasons);
    return {
      resources: {
        disk_pools: space.pools,
        directory,
        host: host ? { cpus: host.cpus, memory_mb: host.memoryMb } : null,
      },
      reasons,
    };
  }

  /** More CPUs or storage than the host has could not be given the guest when it logs on. */
  private againstHost(p: CreateGuestPayload, host: HostSystemFacts, reasons: PlanReason[]) {
    if (p.vcpus > host.cpus) {
      reasons.push({
        resource: 'vcpus',
        message: `vcpus ${p.vcpus} is more than the ${host.cpus} CPUs of the host`,
        needed: p.vcpus,
        available: host.cpus,
      });
    }
    if (p.memory > host.memoryMb) {
      reasons.push({
        resource: 'memory',
        message: `memory ${p.memory}M is more than the ${host.memoryMb}M of the host`,
        needed: p.memory,
        available: host.memoryMb,
      });
    }
  }

  /** The host's figures, or null (said in the log) when they cannot be read now. */
  private async hostFacts(): Promise<HostSystemFacts | null> {
    try {
      return await this.system.query();
    } catch (e) {
      this.log.warn(`dry run: host figures unavailable: ${(e as Error).message}`);
      return null;
    }
  }
}
