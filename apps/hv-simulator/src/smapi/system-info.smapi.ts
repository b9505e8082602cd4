import type { SystemInfoOutput } from '#hypervisor';
import { SYSTEM } from '../ssi/system.info.js';
import { userCpus, userMemoryMb } from '../state/user.resources.js';
import { OK, type SmapiHandler } from './smapi.context.js';

/**
 * System_Info_Query: the level, machine and IPL time of this system, and what the users logged
 * on to it use (CPUs and storage of their directory entries).
 */
export const systemInfoQuery: SmapiHandler = (ctx) => {
  const { state } = ctx;
  const here = state
    .userIds()
    .map((id) => state.user(id))
    .filter((u) => u !== undefined && state.memberOf(u) === state.systemId);
  const cpusUsed = here.reduce((s, u) => s + (u ? userCpus(u) : 0), 0);
  const memoryUsedMb = here.reduce((s, u) => s + (u ? userMemoryMb(u) : 0), 0);
  const output: SystemInfoOutput = {
    systemId: state.systemId,
    hypervisorVersion: SYSTEM.hypervisorVersion,
    hostname: `${state.systemId.toLowerCase()}.${SYSTEM.domain}`,
    iplTime: state.iplTime,
    cecModel: SYSTEM.cecModel,
    architecture: SYSTEM.architecture,
    cpus: SYSTEM.cpus,
    cpusUsed: Math.min(SYSTEM.cpus, cpusUsed),
    memoryMb: SYSTEM.memoryMb,
    memoryUsedMb,
  };
  return { ...OK, output };
};
