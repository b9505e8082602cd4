import type { FcpRecord } from '../state/fcp.inventory.js';
import { targetsReached } from '../state/fcp.inventory.js';
import type { ConfigFile, ConfigScript } from '../state/guest-config.types.js';
import type { HypervisorState } from '../state/hypervisor.state.js';
import type { UserRecord } from '../state/state.types.js';
import {
  DEFAULT_OS_SETTINGS,
  type AttachedVolume,
  type VolumePath,
} from '../state/guest-storage.types.js';

/** Exit statuses of the reference's volume scripts (volumeops/templates). */
export const VOLUME_EXIT = {
  OK: 0,
  MULTIPATHD_INACTIVE: 1,
  BAD_PARAMS: 2,
  NO_WWPN: 3,
  NOT_VISIBLE: 4,
  FLUSH_FAILED: 5,
} as const;

const HEX16 = /^0x[0-9a-f]{16}$/;

interface ScriptParams {
  fcps: string[];
  wwpns: string[];
  lun: string;
  multipath: boolean;
  mountPoint: string;
}

/** A shell word as bash reads it: 'single', "double" (no expansions modelled) or bare. */
function shellValue(word: string): string {
  let out = '';
  for (const m of word.matchAll(/'([^']*)'|"([^"]*)"|\\(.)|([^'"\\]+)/g)) {
    out += m[1] ?? m[2] ?? m[3] ?? m[4];
  }
  return out;
}

/** The `name="value"` assignments at the top of the punched script. */
function parseScript(file: ConfigFile): ScriptParams | undefined {
  const vars: Record<string, string> = {};
  for (const line of file.content.split('\n')) {
    const m = /^([a-z_]+)=(.*)$/.exec(line.trim());
    if (m) vars[m[1]] = shellValue(m[2]);
  }
  const words = (s = '') => s.split(/\s+/).filter(Boolean);
  const p = {
    fcps: words(vars.fcp_list).map((f) => f.toLowerCase()),
    wwpns: words(vars.target_wwpns).map((w) => w.toLowerCase()),
    lun: (vars.target_lun ?? '').toLowerCase(),
    multipath: /^true$/i.test(vars.multipath ?? ''),
    mountPoint: vars.target_filename ?? '',
  };
  const ok =
    p.fcps.length > 0 &&
    p.fcps.every((f) => /^[0-9a-f]{4}$/.test(f)) &&
    p.wwpns.length > 0 &&
    p.wwpns.every((w) => HEX16.test(w)) &&
    HEX16.test(p.lun);
  return ok ? p : undefined;
}

/** (FCP, storage port) pairs the guest can use: its own online FCPs × ports they reach. */
function reachable(state: HypervisorState, u: UserRecord, p: ScriptParams) {
  // the script runs in the guest's OS: the guest is up, so its dedicated FCPs are attached
  const mine = (f: FcpRecord) => f.owner === u.userid && f.state !== 'offline';
  const devices = state.fcpDevices().filter((f) => p.fcps.includes(f.fcpId.toLowerCase()));
  return devices.filter(mine).flatMap((f) =>
    targetsReached(state.fcpInventory, f.chpid)
      .filter((t) => p.wwpns.includes(t.wwpn))
      .map((target) => ({ fcp: f.fcpId.toLowerCase(), target })),
  );
}

/** The next free `sdX` name in the guest. */
function nextDevice(volumes: AttachedVolume[]): string {
  const used = new Set(volumes.flatMap((v) => v.paths.map((p) => p.device)));
  for (let i = 0; ; i += 1) {
    const name = i < 26 ? `sd${String.fromCharCode(97 + i)}` : `sd${i}`;
    if (!used.has(name)) return name;
  }
}

function nextMap(volumes: AttachedVolume[]): string {
  const used = new Set(volumes.map((v) => v.map));
  for (let i = 0; ; i += 1) {
    const name = `mpath${String.fromCharCode(97 + (i % 26))}${i >= 26 ? i : ''}`;
    if (!used.has(name)) return name;
  }
}

/** The volume of this LUN behind one of the given ports, if configured. */
function findVolume(u: UserRecord, p: ScriptParams): AttachedVolume | undefined {
  return (u.volumes ?? []).find(
    (v) => v.lun === p.lun && v.paths.some((x) => p.wwpns.includes(x.wwpn)),
  );
}

/**
 * atvol.sh: onlines the FCPs, adds the LUN on every (FCP, port) path that has it, makes the
 * multipath map and the mount_point symlink. Exit 1 multipathd inactive (multipath=True),
 * 2 bad parameters, 3 no target WWPN reachable from the FCPs, 4 the LUN is on none of them.
 */
export const attachVolumeScript: ConfigScript = (state, u, file) => {
  const p = parseScript(file);
  if (!p) return VOLUME_EXIT.BAD_PARAMS;
  const settings = u.osSettings ?? DEFAULT_OS_SETTINGS;
  if (p.multipath && !settings.multipathd) return VOLUME_EXIT.MULTIPATHD_INACTIVE;
  const pairs = reachable(state, u, p);
  if (pairs.length === 0) return VOLUME_EXIT.NO_WWPN;
  const withLun = pairs.filter((x) => x.target.luns.includes(p.lun));
  if (withLun.length === 0) return VOLUME_EXIT.NOT_VISIBLE;

  const volumes = (u.volumes ??= []);
  const old = findVolume(u, p);
  const rest = volumes.filter((v) => v !== old);
  const paths: VolumePath[] = [];
  for (const x of withLun) {
    const kept = old?.paths.find((o) => o.fcp === x.fcp && o.wwpn === x.target.wwpn);
    // names the old paths hold stay taken, so a kept one never collides with a new one
    const device =
      kept?.device ?? nextDevice([...rest, ...(old ? [old] : []), { lun: p.lun, paths }]);
    paths.push({ fcp: x.fcp, wwpn: x.target.wwpn, device });
  }
  const map = p.multipath ? (old?.map ?? nextMap(rest)) : undefined;
  const target = map ? `/dev/mapper/${map}` : `/dev/${paths[0].device}`;
  const vol: AttachedVolume = {
    lun: p.lun,
    paths,
    ...(map ? { map } : {}),
    ...(p.mountPoint ? { mountPoint: { path: p.mountPoint, target } } : {}),
  };
  u.volumes = [...rest, vol];
  state.changed();
  return VOLUME_EXIT.OK;
};

/**
 * devol.sh: flushes the multipath map, removes the LUN's paths on the given FCPs and the
 * mount_point symlink. Exit 1 multipathd inactive (multipath=True), 2 bad parameters, 3 no
 * target WWPN reachable from the FCPs, 5 the map could not be flushed. A LUN not configured is
 * nothing to remove.
 */
export const detachVolumeScript: ConfigScript = (state, u, file) => {
  const p = parseScript(file);
  if (!p) return VOLUME_EXIT.BAD_PARAMS;
  const settings = u.osSettings ?? DEFAULT_OS_SETTINGS;
  if (p.multipath && !settings.multipathd) return VOLUME_EXIT.MULTIPATHD_INACTIVE;
  if (reachable(state, u, p).length === 0) return VOLUME_EXIT.NO_WWPN;
  const vol = findVolume(u, p);
  if (!vol) return VOLUME_EXIT.OK;
  if (vol.map && settings.multipathFlushFails) return VOLUME_EXIT.FLUSH_FAILED;
  const left = vol.paths.filter((x) => !p.fcps.includes(x.fcp));
  u.volumes = (u.volumes ?? [])
    .filter((v) => v !== vol)
    .concat(left.length ? [{ ...vol, paths: left }] : []);
  state.changed();
  return VOLUME_EXIT.OK;
};
