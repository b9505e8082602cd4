import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '#config';
import { HvError } from '#envelope';
import { SystemsManagement } from '#hypervisor';
import type { CreateNicPayload } from '#jobs';
import { DryRunPlanner, type PlanReason, type ResourceReport } from '#operations';
import { NicsRepository } from '#persistence';
import { chooseNicVdev } from '../domain/nic-vdev.js';

/** Device statements of a directory entry that take a device number (NICDEF takes 3). */
const DEVICE = /^(NICDEF|MDISK|DEDICATE|LINK|SPOOL|CONSOLE)\s+/i;

/** Device numbers the directory entry uses now, each with how many it takes from there. */
function directoryDevices(lines: readonly string[]): { vdev: number; count: number }[] {
  return lines
    .map((l) => l.trim())
    .filter((l) => DEVICE.test(l))
    .map((l) => {
      const w = l.split(/\s+/);
      // LINK <owner> <their vdev> <our vdev>: ours is the third word
      const dev = w[0].toUpperCase() === 'LINK' ? w[3] : w[1];
      return { vdev: parseInt(dev ?? '', 16), count: w[0].toUpperCase() === 'NICDEF' ? 3 : 1 };
    })
    .filter((d) => Number.isFinite(d.vdev));
}

/**
 * The device numbers a NIC create would take, checked for a dry run (issue #61): chosen as the
 * handler chooses them, and free in the guest's directory entry of now.
 */
@Injectable()
export class NicDryRunChecks implements OnModuleInit {
  constructor(
    private readonly cfg: AppConfig,
    private readonly planner: DryRunPlanner,
    private readonly hv: SystemsManagement,
    private readonly nics: NicsRepository,
  ) {}

  onModuleInit(): void {
    this.planner.checkWith('nic.create', (p) => this.create(p));
  }

  private async create(p: CreateNicPayload): Promise<ResourceReport> {
    const [records, directory] = await Promise.all([
      this.nics.list({ userid: p.userid }),
      this.hv.imageQueryDM(p.userid),
    ]);
    const reasons: PlanReason[] = [];
    let vdev: string | null = null;
    try {
      vdev = chooseNicVdev(
        p.userid,
        records.map((r) => r.interface),
        p.vdev,
        this.cfg.DEFAULT_NIC_VDEV,
      );
    } catch (e) {
      if (!(e instanceof HvError)) throw e;
      reasons.push({ resource: 'vdev', message: e.toEnvelope().errmsg, needed: p.vdev });
    }
    if (vdev !== null) {
      const first = parseInt(vdev, 16);
      const taken = directoryDevices(directory).filter(
        (d) => d.vdev <= first + 2 && first <= d.vdev + d.count - 1,
      );
      if (taken.length) {
        reasons.push({
          resource: 'vdev',
          message: `device numbers ${vdev}-${(first + 2).toString(16)} are in use in the directory of ${p.userid}`,
          needed: vdev,
          available: null,
        });
      }
    }
    return { resources: { nic: { vdev, devices: 3, free: reasons.length === 0 } }, reasons };
  }
}
