import { readFile } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '#config';
import { Errors } from '#envelope';
import { cpTimestamp } from './cp-timestamp.js';
import { CpQueries } from './cp.queries.js';
import { SystemsManagement } from './hypervisor.client.js';
import {
  iplLine,
  memoryInUseMb,
  parseSysinfo,
  storageMb,
  type SysinfoFacts,
} from './system-facts.parse.js';

/** The hypervisor host as GET /host describes it. */
export interface HostSystemFacts {
  /** The system the management guest runs on (QUERY USERID's `AT` word). */
  systemId: string;
  /** The management guest's userid. */
  userid: string;
  /** As /proc/sysinfo names CP, e.g. `z/VM 7.2.0`. */
  hypervisorVersion: string;
  /**
   * The reference's `hypervisor_hostname`: its hypervisor name, the system QUERY USERID names
   * (zvmsdk hostops.get_info), not a DNS name.
   */
  hostname: string;
  /** CP's line, e.g. `IPL at 11/25/26 21:45:03 UTC`. */
  ipl: string;
  cecModel: string;
  architecture: string;
  cpus: number;
  cpusUsed: number;
  memoryMb: number;
  memoryUsedMb: number;
}

/** A figure the reference would report as "no info": the host's answer is not made up. */
function required<T>(value: T | undefined, what: string, where: string): T {
  if (value === undefined) throw Errors.cp(`Unable to obtain ${what} from ${where}`);
  return value;
}

/**
 * The host's facts, taken where each transport has them. Over the simulator's HTTP front door
 * its System_Info_Query answers them all; over HV_TRANSPORT=smapi they come the reference's way
 * (smtLayer getHost GENERAL): CP QUERY USERID and QUERY CPLEVEL through the transport, the
 * management guest's /proc/sysinfo (HV_SYSINFO_PATH), LPAR storage
 * from System_Information_Query and storage in use from System_Performance_Information_Query.
 */
@Injectable()
export class SystemFacts {
  constructor(
    private readonly cfg: AppConfig,
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
  ) {}

  /** The hypervisor name alone (FCP templates and connectors repeat it): one CP QUERY USERID. */
  async hostname(): Promise<string> {
    return (await this.cp.queryUserid()).systemId;
  }

  query(): Promise<HostSystemFacts> {
    return this.cfg.HV_TRANSPORT === 'smapi' ? this.asReference() : this.simulated();
  }

  private async simulated(): Promise<HostSystemFacts> {
    const [sys, me] = await Promise.all([this.hv.systemInfoQuery(), this.cp.queryUserid()]);
    return {
      systemId: sys.systemId,
      userid: me.userid,
      hypervisorVersion: sys.hypervisorVersion,
      hostname: me.systemId,
      ipl: `IPL at ${cpTimestamp(sys.iplTime)} UTC`,
      cecModel: sys.cecModel,
      architecture: sys.architecture,
      cpus: sys.cpus,
      cpusUsed: sys.cpusUsed,
      memoryMb: sys.memoryMb,
      memoryUsedMb: sys.memoryUsedMb,
    };
  }

  private async sysinfo(): Promise<SysinfoFacts> {
    const path = this.cfg.HV_SYSINFO_PATH;
    try {
      return parseSysinfo(await readFile(path, 'latin1'));
    } catch (e) {
      throw Errors.cp(`Unable to read ${path}: ${(e as Error).message}`);
    }
  }

  private async asReference(): Promise<HostSystemFacts> {
    const [me, cplevel, info, perf, sysinfo] = await Promise.all([
      this.cp.queryUserid(),
      this.cp.queryCplevel(),
      this.hv.systemInformationQuery(),
      this.hv.systemPerformanceInformationQuery(),
      this.sysinfo(),
    ]);
    const file = this.cfg.HV_SYSINFO_PATH;
    return {
      systemId: me.systemId,
      userid: me.userid,
      hypervisorVersion: required(sysinfo.hypervisorVersion, 'VM00 Control Program', file),
      hostname: me.systemId,
      ipl: required(iplLine(cplevel), 'IPL time', 'CP QUERY CPLEVEL'),
      cecModel: required(sysinfo.cecModel, 'Type', file),
      // a constant in the reference (const.ARCHITECTURE): the hypervisor's, not the process's
      architecture: 's390x',
      cpus: required(sysinfo.lparCpusTotal, 'LPAR CPUs Total', file),
      cpusUsed: required(sysinfo.lparCpusConfigured, 'LPAR CPUs Configured', file),
      memoryMb: required(storageMb(info), 'LPAR memory', 'System_Information_Query'),
      memoryUsedMb: required(
        memoryInUseMb(perf),
        'LPAR memory in use',
        'System_Performance_Information_Query',
      ),
    };
  }
}
