import { keyword, normVdev, words } from '../state/directory.parser.js';

/**
 * A NIC as the directory defines it: the NICDEF statements of one device number, merged (z/VM
 * lets one NIC's operands be spread over several NICDEF statements, and the reference's
 * couple adds a second one).
 */
export interface NicDef {
  /** 4 upper-case hex digits. */
  vdev: string;
  type: 'QDIO';
  /** `DEVICES <n>`: how many device numbers it takes (the adapter functions write 3). */
  devices?: number;
  /** `LAN SYSTEM <name>`: the vswitch it couples to at logon. */
  vswitch?: string;
  /** 6 hex digits: the MAC address's last three bytes. */
  macId?: string;
  vlan?: number;
  portType?: 'ACCESS' | 'TRUNK';
}

/** Reads the operands of one NICDEF statement into `nic`. */
function applyOperands(nic: NicDef, operands: string[]): void {
  for (let i = 0; i < operands.length; i++) {
    const op = operands[i].toUpperCase();
    const next = operands[i + 1]?.toUpperCase();
    if (op === 'TYPE' && next) i++;
    else if (op === 'DEVICES' && next) {
      nic.devices = Number(next);
      i++;
    } else if (op === 'LAN' && next) {
      // LAN <owner> <name>: SYSTEM owns vswitches
      nic.vswitch = operands[i + 2]?.toUpperCase();
      i += 2;
    } else if (op === 'MACID' && next) {
      nic.macId = next;
      i++;
    } else if (op === 'VLAN' && next) {
      nic.vlan = Number(next);
      i++;
    } else if (op === 'PORTTYPE' && next) {
      nic.portType = next === 'TRUNK' ? 'TRUNK' : 'ACCESS';
      i++;
    }
  }
}

/** Every NIC the directory defines, by device number. */
export function nicDefs(directory: readonly string[]): Map<string, NicDef> {
  const out = new Map<string, NicDef>();
  for (const line of directory) {
    if (keyword(line) !== 'NICDEF') continue;
    const w = words(line);
    const vdev = normVdev(w[1] ?? '');
    if (!vdev) continue;
    const nic = out.get(vdev) ?? { vdev, type: 'QDIO' as const };
    applyOperands(nic, w.slice(2));
    out.set(vdev, nic);
  }
  return out;
}

/**
 * The one NICDEF statement z/VM's directory manager writes for a NIC, operands in its order
 * (`NICDEF 1000 TYPE QDIO LAN SYSTEM VSW1 DEVICES 3 MACID 12AB34`, the reference's
 * functional tests look for exactly that).
 */
export function nicdefStatement(nic: NicDef): string {
  return [
    `NICDEF ${nic.vdev} TYPE ${nic.type}`,
    nic.vswitch ? ` LAN SYSTEM ${nic.vswitch}` : '',
    nic.devices !== undefined ? ` DEVICES ${nic.devices}` : '',
    nic.macId ? ` MACID ${nic.macId}` : '',
    nic.vlan !== undefined ? ` VLAN ${nic.vlan} PORTTYPE ${nic.portType ?? 'ACCESS'}` : '',
  ].join('');
}

/**
 * The directory with the NIC's statements replaced by one (at the place of the first), or
 * removed when `nic` is undefined.
 */
export function withNicdef(
  directory: readonly string[],
  vdev: string,
  nic: NicDef | undefined,
): string[] {
  const out: string[] = [];
  let placed = false;
  for (const line of directory) {
    const mine = keyword(line) === 'NICDEF' && normVdev(words(line)[1] ?? '') === vdev;
    if (!mine) out.push(line);
    else if (!placed && nic) out.push(nicdefStatement(nic));
    if (mine) placed = true;
  }
  if (!placed && nic) out.push(nicdefStatement(nic));
  return out;
}

/** The 3 device numbers a QDIO NIC occupies from `vdev` (undefined past FFFF). */
export function nicDevices(vdev: string): string[] | undefined {
  const base = parseInt(vdev, 16);
  if (base + 2 > 0xffff) return undefined;
  return [0, 1, 2].map((i) => (base + i).toString(16).toUpperCase().padStart(4, '0'));
}
