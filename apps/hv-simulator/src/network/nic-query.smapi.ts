import type {
  AdapterInfo,
  AdapterQueryOutput,
  NicByteStats,
  VswitchByteStatsOutput,
} from '#hypervisor';
import type { UserRecord } from '../state/state.types.js';
import { CODES, fail } from '../smapi-kit/smapi.codes.js';
import { OK, requireUser, vdevParam, type SmapiHandler } from '../smapi-kit/smapi.context.js';
import type { ActiveNic } from '../state/network.types.js';
import { nicCounters } from './nic.counters.js';

function adapterInfo(u: UserRecord, nic: ActiveNic): AdapterInfo {
  // the guest OS registers its address on the NIC once it configured one (VMLAN MAC-IP table)
  const ip = u.os ? u.guestNetwork?.interfaces[nic.vdev]?.ip : undefined;
  return {
    vdev: nic.vdev,
    type: nic.type,
    status: nic.vswitch ? '02' : '00',
    lanOwner: nic.vswitch ? 'SYSTEM' : '',
    lanName: nic.vswitch ?? '',
    macAddress: nic.mac.replace(/:/g, '').toUpperCase(),
    ...(ip ? { ipAddress: ip, ipVersion: ip.includes(':') ? '6' : '4' } : {}),
  };
}

/**
 * Virtual_Network_Adapter_Query_Extended: the running guest's NICs (`vdev` one, or `*`/absent
 * all). 200/4 no such user, 200/12 not logged on.
 */
export const adapterQuery: SmapiHandler = (ctx, target, params) => {
  const u = requireUser(ctx, target, CODES.IMAGE_NOT_FOUND);
  if (!u.loggedOn) throw fail(CODES.IMAGE_NOT_ACTIVE, target);
  const one =
    params.vdev === undefined || params.vdev === '*' ? undefined : vdevParam(params.vdev, 2);
  const nics = Object.values(u.activeNics ?? {})
    .filter((n) => one === undefined || n.vdev === one)
    .sort((a, b) => a.vdev.localeCompare(b.vdev));
  return {
    ...OK,
    output: { adapters: nics.map((n) => adapterInfo(u, n)) } satisfies AdapterQueryOutput,
  };
};

/**
 * Virtual_Network_Vswitch_Query_Byte_Stats (`switch_name=*`): per vswitch, the counters of
 * each running NIC coupled to it. Counters move with the time the guest has been logged on.
 */
export const vswitchByteStats: SmapiHandler = (ctx) => {
  const now = ctx.state.clock();
  const byVswitch = new Map<string, NicByteStats[]>();
  for (const id of ctx.state.userIds()) {
    const u = ctx.state.user(id);
    if (!u?.loggedOn) continue;
    for (const nic of Object.values(u.activeNics ?? {})) {
      if (!nic.vswitch) continue;
      const list = byVswitch.get(nic.vswitch) ?? [];
      list.push(nicCounters(u, nic, now));
      byVswitch.set(nic.vswitch, list);
    }
  }
  const vswitches = [...byVswitch.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, nics]) => ({ name, nics }));
  return { ...OK, output: { vswitches } satisfies VswitchByteStatsOutput };
};
