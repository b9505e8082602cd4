import { normVdev } from '../state/directory.parser.js';
import type { HypervisorState } from '../state/hypervisor.state.js';
import type { UserRecord } from '../state/state.types.js';
import type { ConfigFile } from '../state/guest-config.types.js';
import type { GuestInterface, GuestNetwork } from '../state/guest-network.types.js';

export type { GuestInterface, GuestNetwork };

/** Statuses of the reference's network scripts: 0 applied, 2 bad parameters. */
const BAD_PARAMS = 2;

/** `cat > <path> <<'EOF' … EOF` blocks of a shell script: the files it writes. */
export function heredocFiles(script: string): { path: string; body: string }[] {
  const re = /^cat\s+>\s*(\S+)\s+<<\s*'?(\w+)'?\n([\s\S]*?)\n\2$/gm;
  return [...script.matchAll(re)].map((m) => ({ path: m[1], body: m[3] }));
}

/** KEY="value" lines of an ifcfg file. */
function ifcfgValues(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of body.matchAll(/^([A-Z0-9_]+)=("?)(.*)\2$/gm)) out[m[1]] = m[3];
  return out;
}

/** An ifcfg file as an interface; undefined when it names no QDIO device. */
function interfaceOf(path: string, body: string): GuestInterface | undefined {
  const v = ifcfgValues(body);
  const vdev = normVdev((v.SUBCHANNELS ?? '').split(',')[0]?.replace(/^0\.0\./, '') ?? '');
  if (!vdev) return undefined;
  const dns = Object.keys(v)
    .filter((k) => /^DNS\d+$/.test(k))
    .sort()
    .map((k) => v[k]);
  return {
    vdev,
    device: v.DEVICE ?? `enc${vdev.replace(/^0+(?=.)/, '').toLowerCase()}`,
    file: path,
    ...(v.IPADDR ? { ip: v.IPADDR } : {}),
    ...(v.PREFIX ? { prefix: Number(v.PREFIX) } : {}),
    ...(v.GATEWAY ? { gateway: v.GATEWAY } : {}),
    dns,
    ...(v.MACADDR ? { mac: v.MACADDR.toUpperCase() } : {}),
  };
}

function network(u: UserRecord): GuestNetwork {
  u.guestNetwork ??= { interfaces: {} };
  return u.guestNetwork;
}

/**
 * `network.doscript` (the reference's network configuration, punched by POST
 * /guests/{userid}/interface): writes its ifcfg files and /etc/hostname into the OS model.
 */
export function applyNetworkScript(state: HypervisorState, u: UserRecord, f: ConfigFile): number {
  const files = heredocFiles(f.content);
  if (files.length === 0) return BAD_PARAMS;
  const net = network(u);
  for (const { path, body } of files) {
    if (path === '/etc/hostname') net.hostname = body.trim();
    else if (/\/ifcfg-[^/]+$/.test(path)) {
      const itf = interfaceOf(path, body);
      if (!itf) return BAD_PARAMS;
      net.interfaces[itf.vdev] = itf;
    }
  }
  state.changed();
  return 0;
}

/** `DEL<vdev>.sh` (DELETE /guests/{userid}/interface): removes the files it names. */
export function applyNetworkDelete(state: HypervisorState, u: UserRecord, f: ConfigFile): number {
  const removed = new Set([...f.content.matchAll(/^rm\s+-f\s+(\S+)$/gm)].map((m) => m[1]));
  if (removed.size === 0) return BAD_PARAMS;
  const net = network(u);
  for (const [vdev, itf] of Object.entries(net.interfaces)) {
    if (removed.has(itf.file)) delete net.interfaces[vdev];
  }
  state.changed();
  return 0;
}

/** `ip addr`: loopback, then each configured interface whose NIC the running guest has. */
export function ipAddr(_state: HypervisorState, u: UserRecord): string[] {
  const lines = [
    '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000',
    '    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00',
    '    inet 127.0.0.1/8 scope host lo',
  ];
  let n = 2;
  for (const itf of Object.values(u.guestNetwork?.interfaces ?? {})) {
    const nic = u.activeNics?.[itf.vdev];
    if (!nic) continue; // the device is not there: nothing to bring up
    lines.push(
      `${n++}: ${itf.device}: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP group default qlen 1000`,
      `    link/ether ${nic.mac.toLowerCase()} brd ff:ff:ff:ff:ff:ff`,
    );
    if (itf.ip) {
      lines.push(`    inet ${itf.ip}/${itf.prefix ?? 32} scope global ${itf.device}`);
    }
  }
  return lines;
}

/** `hostname`: the configured name, else the userid in lower case. */
export function hostname(_state: HypervisorState, u: UserRecord): string[] {
  return [u.guestNetwork?.hostname ?? u.userid.toLowerCase()];
}

/** Guest OS commands of the network model, for execcmd. */
export const NETWORK_COMMANDS = {
  'ip addr': ipAddr,
  'ip addr show': ipAddr,
  'ip a': ipAddr,
  hostname,
};
