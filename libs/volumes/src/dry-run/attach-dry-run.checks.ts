import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type FcpDeviceInfo, SystemsManagement } from '#hypervisor';
import type { VolumeConnectionPayload } from '#jobs';
import { DryRunPlanner, type PlanReason, type ResourceReport } from '#operations';
import { type FcpRow, FcpRepository, FcpTemplateRepository } from '#persistence';

/** One FCP of the attach as the database and the hypervisor have it now. */
interface FcpView {
  fcp: string;
  reserved_for: string | null;
  connections: number;
  state: string;
  owner: string;
  usable: boolean;
}

/** Why the FCP cannot serve the assigner, or null when it can. */
export function refusal(
  id: string,
  assigner: string,
  row: FcpRow | undefined,
  dev: FcpDeviceInfo | undefined,
): string | null {
  if (!row) return `FCP ${id} is not known to the database`;
  if (row.assignerId && row.assignerId !== assigner)
    return `FCP ${id} is reserved for ${row.assignerId}`;
  if (!dev || dev.state === 'notfound') return `FCP ${id} is not on the hypervisor`;
  if (dev.state === 'offline') return `FCP ${id} is offline`;
  const owner = dev.owner.toUpperCase();
  if (owner !== 'NONE' && owner !== '' && owner !== assigner)
    return `FCP ${id} is dedicated to ${owner}`;
  return null;
}

/**
 * The FCPs a volume attach would reserve and dedicate, checked for a dry run (issue #61): each
 * free for the guest in the database and online on the hypervisor, and at least the template's
 * minimum of paths left.
 */
@Injectable()
export class AttachDryRunChecks implements OnModuleInit {
  constructor(
    private readonly planner: DryRunPlanner,
    private readonly hv: SystemsManagement,
    private readonly fcps: FcpRepository,
    private readonly templates: FcpTemplateRepository,
  ) {}

  onModuleInit(): void {
    this.planner.checkWith('volume.attach', (p) => this.attach(p));
  }

  private async attach(c: VolumeConnectionPayload): Promise<ResourceReport> {
    const [rows, wwpn, tmpl, users] = await Promise.all([
      this.fcps.fcps(c.fcps),
      this.hv.systemWwpnQuery(),
      c.fcpTemplateId ? this.templates.template(c.fcpTemplateId) : Promise.resolve(undefined),
      // a root volume is attached before its guest exists (boot from volume)
      c.isRootVolume ? Promise.resolve(null) : this.hv.imageNameQueryDM(),
    ]);
    const reasons: PlanReason[] = [];
    if (users && !users.includes(c.assignerId)) {
      reasons.push({ resource: 'assigner_id', message: `guest ${c.assignerId} does not exist` });
    }
    const views: FcpView[] = c.fcps.map((id) => {
      const row = rows.find((r) => r.fcpId.toLowerCase() === id);
      const dev = wwpn.devices.find((d) => d.fcpId.toLowerCase() === id);
      const why = refusal(id, c.assignerId, row, dev);
      if (why) reasons.push({ resource: `fcp ${id}`, message: why });
      return {
        fcp: id,
        reserved_for: row?.assignerId || null,
        connections: row?.connections ?? 0,
        state: dev?.state ?? 'notfound',
        owner: dev?.owner ?? 'NONE',
        usable: !why,
      };
    });
    const needed = tmpl ? Math.max(1, tmpl.minFcpPathsCount) : 1;
    const usable = views.filter((v) => v.usable).length;
    if (usable < needed) {
      reasons.push({
        resource: 'fcp paths',
        message: `no free FCP path: ${usable} of the ${c.fcps.length} FCPs are free and online, ${needed} needed`,
        needed,
        available: usable,
      });
    }
    return {
      resources: { fcps: views, paths: { needed, available: usable } },
      reasons,
    };
  }
}
