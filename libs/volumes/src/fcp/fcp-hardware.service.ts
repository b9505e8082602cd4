import { Injectable } from '@nestjs/common';
import { SystemsManagement, SystemFacts } from '#hypervisor';
import { FcpRepository } from '#persistence';

/** Where the FCPs are: what every template and connector answer repeats. */
export interface HostFacts {
  cpc_sn: string;
  cpc_name: string;
  lpar: string;
  hypervisor_hostname: string;
}

/**
 * The hypervisor's view of the FCP devices: syncs it into the `fcp` table and remembers the
 * machine facts (they do not change while the service runs, so one query is enough).
 */
@Injectable()
export class FcpHardware {
  private facts?: HostFacts;

  constructor(
    private readonly hv: SystemsManagement,
    private readonly repo: FcpRepository,
    private readonly system: SystemFacts,
  ) {}

  /** Queries the hypervisor and brings the FCP rows up to date. */
  async sync(): Promise<void> {
    const out = await this.hv.systemWwpnQuery();
    this.facts ??= await this.factsFrom(out.cpcSn, out.cpcName, out.lpar);
    await this.repo.sync(out.devices);
  }

  async host(): Promise<HostFacts> {
    if (!this.facts) {
      const out = await this.hv.systemWwpnQuery();
      this.facts = await this.factsFrom(out.cpcSn, out.cpcName, out.lpar);
    }
    return this.facts;
  }

  private async factsFrom(sn: string, name: string, lpar: string): Promise<HostFacts> {
    return { cpc_sn: sn, cpc_name: name, lpar, hypervisor_hostname: await this.system.hostname() };
  }
}
