import type { SystemInfoOutput } from '#hypervisor';
import { SYSTEM } from '../ssi/system.info.js';
import { userCpus, userMemoryMb } from '../state/user.resources.js';
import { OK, type SmapiHandler } from './smapi.context.js';

/**
 * Query_API_Functional_Level: the level is the reason code, CP's version without dots
 * (z/VM 7.2.0: 720), as the request server answers it.
 */
export const apiFunctionalLevel: SmapiHandler = () => ({
  rc: 0,
  rs: Number(SYSTEM.hypervisorVersion.replace(/^\D*/, '').split('.').slice(0, 2).join('')) * 10,
});

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
