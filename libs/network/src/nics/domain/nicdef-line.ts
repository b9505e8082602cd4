/** Directory NICDEF statements of one NIC, as the API rewrites them for a couple (§9.9). */

const NICDEF = /^\s*NICDEF\s+([0-9A-F]{1,4})\b(.*)$/i;

/** Whether the statement is a NICDEF of device number `vdev` (compared as numbers). */
export function isNicdefOf(line: string, vdev: string): boolean {
  const m = NICDEF.exec(line);
  return !!m && parseInt(m[1], 16) === parseInt(vdev, 16);
}

/** The operand value after `key` in the NIC's statements (e.g. MACID), if any. */
function operand(lines: string[], key: string): string | undefined {
  for (const l of lines) {
    const w = l.trim().split(/\s+/);
    const i = w.findIndex((x) => x.toUpperCase() === key);
    if (i >= 0 && w[i + 1]) return w[i + 1];
  }
  return undefined;
}

/**
 * The directory with the NIC coupled to `vswitch`: its statements become one, operands in the
 * directory's order, `NICDEF <vdev> TYPE QDIO LAN SYSTEM <VSW> [DEVICES <n>] [MACID <id>]
 * [VLAN <id> PORTTYPE ACCESS]` (the hypervisor prints DEVICES 3 for the NICs it defines).
 * Undefined when the directory has no such NIC.
 */
export function coupledDirectory(
  directory: readonly string[],
  vdev: string,
  vswitch: string,
  vlanId: number,
): string[] | undefined {
  const mine = directory.filter((l) => isNicdefOf(l, vdev));
  if (mine.length === 0) return undefined;
  const dev = NICDEF.exec(mine[0])![1].toUpperCase();
  const devices = operand(mine, 'DEVICES');
  const macId = operand(mine, 'MACID');
  const line =
    `NICDEF ${dev} TYPE QDIO LAN SYSTEM ${vswitch}` +
    (devices ? ` DEVICES ${devices}` : '') +
    (macId ? ` MACID ${macId}` : '') +
    (vlanId >= 0 ? ` VLAN ${vlanId} PORTTYPE ACCESS` : '');
  const out: string[] = [];
  for (const l of directory) {
    if (!isNicdefOf(l, vdev)) out.push(l);
    else if (l === mine[0]) out.push(line);
  }
  return out;
}

/** Whether the NIC's statements already couple it to `vswitch` (the reference's skip test). */
export function isCoupledTo(directory: readonly string[], vdev: string, vswitch: string): boolean {
  const name = vswitch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`\\bLAN\\s+SYSTEM\\s+${name}(\\s|$)`, 'i');
  return directory.some((l) => isNicdefOf(l, vdev) && re.test(l));
}
