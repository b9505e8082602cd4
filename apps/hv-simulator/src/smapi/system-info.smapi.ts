import { cpTimestamp, type SystemInfoOutput } from '#hypervisor';
import { SYSTEM } from '../ssi/system.info.js';
import { userCpus, userMemoryMb } from '../state/user.resources.js';
import { OK, type SmapiHandler } from '../smapi-kit/smapi.context.js';

/**
 * Query_API_Functional_Level: the level is the reason code, CP's version without dots
 * (z/VM 7.2.0: 720), as the request server answers it.
 */
export const apiFunctionalLevel: SmapiHandler = () => ({
  rc: 0,
  rs: Number(SYSTEM.hypervisorVersion.replace(/^\D*/, '').split('.').slice(0, 2).join('')) * 10,
});

/** What the users logged on to this system use: CPUs (at most the machine's) and storage, MB. */
function inUse(ctx: Parameters<SmapiHandler>[0]): { cpus: number; memoryMb: number } {
  const { state } = ctx;
  const here = state
    .userIds()
    .map((id) => state.user(id))
    .filter((u) => u !== undefined && state.memberOf(u) === state.systemId);
  const cpus = here.reduce((s, u) => s + (u ? userCpus(u) : 0), 0);
  const memoryMb = here.reduce((s, u) => s + (u ? userMemoryMb(u) : 0), 0);
  return { cpus: Math.min(SYSTEM.cpus, cpus), memoryMb };
}

/**
 * System_Info_Query: the level, machine and IPL time of this system, and what the users logged
 * on to it use (CPUs and storage of their directory entries).
 */
export const systemInfoQuery: SmapiHandler = (ctx) => {
  const { state } = ctx;
  const used = inUse(ctx);
  const output: SystemInfoOutput = {
    systemId: state.systemId,
    hypervisorVersion: SYSTEM.hypervisorVersion,
    hostname: `${state.systemId.toLowerCase()}.${SYSTEM.domain}`,
    iplTime: state.iplTime,
    cecModel: SYSTEM.cecModel,
    architecture: SYSTEM.architecture,
    cpus: SYSTEM.cpus,
    cpusUsed: used.cpus,
    memoryMb: SYSTEM.memoryMb,
    memoryUsedMb: used.memoryMb,
  };
  return { ...OK, output };
};

/** CP's storage size: whole gigabytes as `nG`, otherwise megabytes. */
const cpSize = (mb: number): string => (mb % 1024 === 0 ? `${mb / 1024}G` : `${mb}M`);

/** 4 KiB pages per MB, the unit of the performance figures. */
const PAGES_PER_MB = 256;

/**
 * System_Information_Query: the CP instance's lines. The reference reads only the STORAGE=
 * line: the online storage is the third `=` field of its first word, the standby storage the
 * value of its fifth word; the key before the first `=` is not read.
 */
export const systemInformationQuery: SmapiHandler = (ctx) => {
  const { state } = ctx;
  const size = cpSize(SYSTEM.memoryMb);
  const output = [
    `SYSTEM_ID=${state.systemId}`,
    `VM_VERSION=${SYSTEM.hypervisorVersion}`,
    `CP_IPL_TIME=${cpTimestamp(state.iplTime)} UTC`,
    `REAL_STORAGE=STORAGE=${size} CONFIGURED=${size} INC=256M STANDBY=0 RESERVED=0`,
  ];
  return { ...OK, output };
};

/**
 * System_Performance_Information_Query: the machine's figures as `keyword=value` lines; the
 * reference reads MEMORY_IN_USE= (pages): here the storage of the users logged on.
 */
export const systemPerformanceInformationQuery: SmapiHandler = (ctx) => {
  const output = [
    `CPU_COUNT=${SYSTEM.cpus}`,
    `MEMORY_TOTAL=${SYSTEM.memoryMb * PAGES_PER_MB}`,
    `MEMORY_IN_USE=${inUse(ctx).memoryMb * PAGES_PER_MB}`,
  ];
  return { ...OK, output };
};
