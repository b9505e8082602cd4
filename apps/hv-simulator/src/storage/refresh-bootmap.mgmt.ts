import type { MgmtReply } from '#hypervisor';
import { targetsReached, type FcpRecord } from '../state/fcp.inventory.js';
import type { MgmtQuery } from '../mgmt/mgmt.reply.js';
import type { HypervisorState } from '../state/hypervisor.state.js';

/** The management guest: refresh_bootmap dedicates the FCPs to itself while it works. */
const SELF = 'HVSIMMGR';
/** The script refuses more FCP channels than the kernel command line can carry. */
const MAX_FCPS = 8;

const list = (q: MgmtQuery, name: string) =>
  typeof q[name] === 'string'
    ? q[name]
        .split(',')
        .map((s) => s.trim().toLowerCase().replace(/^0x/, ''))
        .filter(Boolean)
    : [];

/** A failed run: the script's exit status with its `ERROR:` and `Exit MSG:` lines. */
function exit(rc: number, msg: string, lines: string[]): MgmtReply {
  return { rc, lines: [...lines, `ERROR: ${msg}`, `Exit MSG: ${msg}`] };
}

/**
 * zthin `refresh_bootmap --fcpchannel=a,b --wwpn=w1,w2 --lun=L [--wwid] [--minfcp=n]
 * [--ignitionurl --nicid --ipconfig]`: the management guest dedicates and onlines the FCPs,
 * finds the (FCP, port) paths that see the LUN, mounts it and runs zipl when it holds a Linux
 * (rd.zfcp= for every path), and on exit undedicates every FCP again. Success prints
 * `RESULT PATHS: fcp:w1 w2,fcp2:w3`. Exit 3 an FCP cannot be dedicated (offline, unknown,
 * another user's), 4 no lun or fcpchannel, 6 RHCOS arguments incomplete, 10 no path sees the
 * LUN or fewer FCPs than minfcp do, 12 more than 8 FCPs.
 */
export function refreshBootmap(state: HypervisorState, q: MgmtQuery): MgmtReply {
  const fcps = list(q, 'fcpchannel');
  const wwpns = list(q, 'wwpn');
  const lun = `0x${(typeof q.lun === 'string' ? q.lun : '').trim().toLowerCase().replace(/^0x/, '')}`;
  const lines = [
    `RefreshFCPBootmap begins. FCP: ${fcps.join(' ')}, WWPNs: ${wwpns.join(' ')}, LUN: ${lun}.`,
  ];
  if (lun === '0x' || fcps.length === 0)
    return exit(4, 'Please specify lun and fcpchannel.', lines);
  const rhcos = ['ignitionurl', 'nicid', 'ipconfig'].filter((k) => typeof q[k] === 'string');
  if (rhcos.length > 0 && rhcos.length < 3) {
    return exit(6, 'Please specify ignitionurl, nicid and ipconfig.', lines);
  }
  if (fcps.length > MAX_FCPS) {
    return exit(12, `The FCP channel count ${fcps.length} is greater than ${MAX_FCPS}.`, lines);
  }
  const minFcp = Number(typeof q.minfcp === 'string' ? q.minfcp : '0') || 0;
  const dedicated: FcpRecord[] = [];
  try {
    for (const id of fcps) {
      const dev = state.fcpDevices().find((d) => d.fcpId.toLowerCase() === id);
      if (!dev || dev.state === 'offline' || (dev.owner && dev.owner !== SELF)) {
        return exit(3, `Failed to dedicate or online FCP: ${id}, rc is 1.`, lines);
      }
      dev.owner = SELF;
      dev.state = 'active';
      dedicated.push(dev);
    }
    const paths = new Map<string, string[]>();
    for (const dev of dedicated) {
      for (const t of targetsReached(state.fcpInventory, dev.chpid)) {
        const w = t.wwpn.replace(/^0x/, '');
        if (!wwpns.includes(w) || !t.luns.includes(lun)) continue;
        const id = dev.fcpId.toLowerCase();
        paths.set(id, [...(paths.get(id) ?? []), w]);
      }
    }
    if (paths.size === 0) {
      return exit(
        10,
        `No valid paths found between FCP devices: ${fcps.join(' ')} and wwpns: ${wwpns.join(' ')}`,
        lines,
      );
    }
    if (paths.size < minFcp) {
      return exit(
        10,
        `Only ${paths.size} FCP devices have valid paths, ${minFcp} are required`,
        lines,
      );
    }
    const count = [...paths.values()].reduce((n, w) => n + w.length, 0);
    lines.push(`${count} valid paths found.`);
    const boot = state.fcpInventory.storageTargets.some(
      (t) => wwpns.includes(t.wwpn.replace(/^0x/, '')) && t.bootLuns?.includes(lun),
    );
    lines.push(
      boot
        ? 'Successed to execute zipl on the root disk.'
        : 'This is not the root disk, zipl will not be executed on it',
    );
    const result = [...paths].map(([f, w]) => `${f}:${w.join(' ')}`).join(',');
    lines.push(`RESULT PATHS: ${result}`);
    return { rc: 0, lines };
  } finally {
    // the script's EXIT trap: offline and undedicate every FCP it took
    for (const dev of dedicated) {
      delete dev.owner;
      dev.state = 'free';
    }
    state.changed();
  }
}
