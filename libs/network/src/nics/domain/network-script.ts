/**
 * The network configuration the reference punches to a guest (networkops.py): a script for the
 * guest's configuration service that writes one ifcfg file per interface (and the host name),
 * and a `DEL<vdev>.sh` that removes one. Every distro gets ifcfg-style files: RHEL-family
 * (and RHCOS) under network-scripts, SLES and Ubuntu under /etc/sysconfig/network.
 */

/** A guest network entry as requested (spec §2.3); other keys are carried along. */
export type GuestNetworkEntry = Record<string, unknown>;

/** OS device name of the NIC at `vdev`, as udev names QDIO NICs (`enc1000`). */
export function deviceName(vdev: string): string {
  return `enc${parseInt(vdev, 16).toString(16)}`;
}

/** The ifcfg file of the interface on `vdev` for the OS version. */
export function ifcfgPath(osVersion: string, vdev: string): string {
  const dir = /^(sles|suse|ubuntu)/i.test(osVersion)
    ? '/etc/sysconfig/network'
    : '/etc/sysconfig/network-scripts';
  return `${dir}/ifcfg-${deviceName(vdev)}`;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** The ifcfg file of one entry (its nic_vdev filled in). */
function ifcfg(entry: GuestNetworkEntry): string {
  const vdev = parseInt(String(entry.nic_vdev), 16);
  const dev = (i: number) => `0.0.${(vdev + i).toString(16).padStart(4, '0')}`;
  const ip = str(entry.ip_addr);
  const dhcp = entry.method === 'dhcp' || !ip;
  const dns = Array.isArray(entry.dns_addr) ? (entry.dns_addr as unknown[]).map(String) : [];
  const lines = [
    `DEVICE="${deviceName(String(entry.nic_vdev))}"`,
    `BOOTPROTO="${dhcp ? 'dhcp' : 'static'}"`,
    ...(ip ? [`IPADDR="${ip}"`] : []),
    ...(str(entry.cidr) ? [`PREFIX="${String(entry.cidr).split('/')[1]}"`] : []),
    ...(str(entry.gateway_addr) ? [`GATEWAY="${String(entry.gateway_addr)}"`] : []),
    ...dns.map((d, i) => `DNS${i + 1}="${d}"`),
    ...(str(entry.mac_addr) ? [`MACADDR="${String(entry.mac_addr)}"`] : []),
    'NETTYPE="qeth"',
    `SUBCHANNELS="${dev(0)},${dev(1)},${dev(2)}"`,
    'ONBOOT="yes"',
  ];
  return lines.join('\n');
}

const heredoc = (path: string, body: string) => `cat > ${path} <<'EOF'\n${body}\nEOF`;

/** `network.doscript`: every entry's ifcfg file, and /etc/hostname when an entry names one. */
export function networkScript(osVersion: string, entries: GuestNetworkEntry[]): string {
  const parts = ['#!/bin/bash'];
  for (const e of entries) parts.push(heredoc(ifcfgPath(osVersion, String(e.nic_vdev)), ifcfg(e)));
  const host = entries.map((e) => str(e.hostname)).find((h) => h !== undefined);
  if (host) parts.push(heredoc('/etc/hostname', host));
  return `${parts.join('\n')}\n`;
}

/** `DEL<vdev>.sh`: removes the interface's file. */
export function deleteScript(osVersion: string, vdev: string): { name: string; content: string } {
  const name = `DEL${parseInt(vdev, 16).toString(16).toUpperCase().padStart(4, '0')}.sh`;
  return { name, content: `#!/bin/bash\nrm -f ${ifcfgPath(osVersion, vdev)}\n` };
}
