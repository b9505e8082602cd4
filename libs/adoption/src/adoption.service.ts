import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { SystemsManagement } from '#hypervisor';
import { ImageStore } from '#images';
import { AdoptionRepository } from '#persistence';
import { FcpHardware } from '#volumes';
import { ImageFiles } from './image-files.js';
import { planAdoption, writesAnything } from './plan/adoption-plan.js';
import { dropImage } from './plan/plan-guests.js';
import type { AdoptionPlan, HypervisorView, Prefer } from './plan/plan.types.js';
import { readReference } from './reference/reference-db.js';

export interface AdoptionOptions {
  /** The reference's database directory. */
  from: string;
  /** The reference's image repository. */
  images: string;
  /** The reference's root disk vdev: the name of an image's file in its repository. */
  rootVdev: string;
  dryRun: boolean;
  prefer: Prefer;
}

/**
 * `dry-run`: nothing written; `conflicts`: stopped before any write; `nothing`: everything is
 * here already; `adopted`: written in one transaction.
 */
export type AdoptionStatus = 'dry-run' | 'conflicts' | 'nothing' | 'adopted';

export interface AdoptionResult {
  status: AdoptionStatus;
  plan: AdoptionPlan;
}

/** Takes over a reference installation's records (issue #25): read, check, plan, write. */
@Injectable()
export class AdoptionService {
  private readonly log = new Logger('adopt');

  constructor(
    private readonly repo: AdoptionRepository,
    private readonly hv: SystemsManagement,
    private readonly fcpHardware: FcpHardware,
    private readonly store: ImageStore,
  ) {}

  async run(opts: AdoptionOptions): Promise<AdoptionResult> {
    const ref = readReference(opts.from);
    const ours = await this.repo.snapshot();
    const hv = await this.hypervisorView();
    const plan = planAdoption({
      ref,
      ours,
      hv,
      prefer: opts.prefer,
      imageSource: (distro, name) => join(opts.images, 'netboot', distro, name, opts.rootVdev),
    });
    const stopped = plan.conflicts.length > 0 && !opts.prefer;
    const files = new ImageFiles(this.store);
    const stage = !opts.dryRun && !stopped;
    for (const copy of [...plan.imageCopies]) {
      const why = await files.check(copy, stage);
      if (why) dropImage(plan, copy.name, why);
    }
    if (stopped) return { status: 'conflicts', plan };
    if (opts.dryRun) return { status: 'dry-run', plan };
    if (!writesAnything(plan)) return { status: 'nothing', plan };

    try {
      await files.place(plan.imageCopies);
      await this.repo.apply(plan.writes);
    } catch (e) {
      await files.rollback();
      await files.discardAll();
      throw e;
    }
    await files.commit();
    // the adopted rows get the hypervisor's current facts, as every other row does
    await this.fcpHardware.sync().catch((e: unknown) => {
      plan.warnings.push(`FCP inventory sync after the adoption failed: ${String(e)}`);
    });
    this.log.log(`adopted: ${JSON.stringify(countAdopted(plan))}`);
    return { status: 'adopted', plan };
  }

  /** The directory and the FCP inventory, as the hypervisor shows them now. */
  private async hypervisorView(): Promise<HypervisorView> {
    const users = await this.hv.imageNameQueryDM();
    const wwpn = await this.hv.systemWwpnQuery();
    return {
      directory: new Set(users.map((u) => u.trim().toUpperCase())),
      fcps: new Map(wwpn.devices.map((d) => [d.fcpId.toLowerCase(), d])),
    };
  }
}

export const countAdopted = (plan: AdoptionPlan): Record<string, number> =>
  Object.fromEntries(Object.entries(plan.report).map(([k, r]) => [k, r.adopted.length]));
