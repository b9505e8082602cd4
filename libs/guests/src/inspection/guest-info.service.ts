import { Injectable } from '@nestjs/common';
import { type Envelope, Errors, ok, type Userid } from '#envelope';
import { SystemsManagement, ManagementGuestOps, isMgmtFailure, isSmapi } from '#hypervisor';
import { directoryMemory } from '../domain/resize.js';
import { GuestsRepository } from '#persistence';
import { requireManagedGuest } from '../managed/managed-guest.js';

export interface OsInfo {
  os_distro: string;
  kernel_info: string;
}

export interface GuestInfo extends OsInfo {
  max_mem_kb: number;
  num_cpu: number;
  cpu_time_us: number;
  mem_kb: number;
  online_cpu_num: number;
  power_state: 'on' | 'off';
}

/**
 * Reads of spec §4.5 that need the guest's running state: the hypervisor's counters
 * (Image_Performance_Query) and what its OS answers over IUCV. A guest whose OS cannot be
 * reached reads as "no OS": empty strings and 0 online CPUs, as the reference shows an off
 * guest (reference §10 item 5).
 */
@Injectable()
export class GuestInfoService {
  constructor(
    private readonly guests: GuestsRepository,
    private readonly hv: SystemsManagement,
    private readonly guestOps: ManagementGuestOps,
  ) {}

  /** 404 unless managed; 404 rs 3 when the directory entry is gone. */
  private async directory(userid: Userid): Promise<string[]> {
    const id = (await requireManagedGuest(this.guests, userid)).userid;
    try {
      return await this.hv.imageQueryDM(id);
    } catch (e) {
      if (isSmapi(e, [400, 4])) throw Errors.guestNotInDirectory(id);
      throw e;
    }
  }

  /** A command's output from the guest's OS, or undefined when the OS does not answer. */
  private async inGuest(userid: Userid, cmd: string): Promise<string[] | undefined> {
    try {
      return await this.guestOps.execInGuest(userid, cmd);
    } catch (e) {
      if (isMgmtFailure(e)) return undefined;
      throw e;
    }
  }

  private async os(userid: Userid): Promise<OsInfo> {
    const release = await this.inGuest(userid, 'cat /etc/os-release');
    if (!release) return { os_distro: '', kernel_info: '' };
    const field = (name: string) =>
      (release.find((l) => l.startsWith(`${name}=`)) ?? '')
        .slice(name.length + 1)
        .replace(/^"|"$/g, '');
    const kernel = (await this.inGuest(userid, 'uname -r')) ?? [];
    return { os_distro: `${field('ID')}${field('VERSION_ID')}`, kernel_info: kernel[0] ?? '' };
  }

  private async onlineCpus(userid: Userid): Promise<number> {
    const lines = await this.inGuest(userid, 'lscpu --parse=ADDRESS');
    return lines ? lines.filter((l) => /^\d+$/.test(l.trim())).length : 0;
  }

  async info(userid: Userid): Promise<Envelope<GuestInfo>> {
    const directory = await this.directory(userid);
    const perf = await this.hv.imagePerformance(userid);
    if (!perf) {
      // off: what the directory says (reference §10 item 5)
      const { max } = directoryMemory(userid, directory);
      return ok({
        max_mem_kb: max * 1024,
        num_cpu: directory.filter((l) => l.includes('CPU ')).length,
        cpu_time_us: 0,
        mem_kb: 0,
        online_cpu_num: 0,
        power_state: 'off',
        os_distro: '',
        kernel_info: '',
      });
    }
    return ok({
      max_mem_kb: perf.maxMemKb,
      num_cpu: perf.guestCpus,
      cpu_time_us: perf.usedCpuTimeUs,
      mem_kb: perf.usedMemKb,
      online_cpu_num: await this.onlineCpus(userid),
      power_state: 'on',
      ...(await this.os(userid)),
    });
  }

  async osInfo(userid: Userid): Promise<Envelope<OsInfo>> {
    await this.directory(userid);
    return ok(await this.os(userid));
  }

  async onlineCpuNum(userid: Userid): Promise<Envelope<number>> {
    await this.directory(userid);
    return ok(await this.onlineCpus(userid));
  }
}
