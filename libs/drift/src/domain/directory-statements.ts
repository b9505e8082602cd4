/** What the drift report reads from a user's directory statements (Image_Query_DM). */

const NICDEF = /^\s*NICDEF\s+([0-9A-F]{1,4})\b(.*)$/i;
const LAN_SYSTEM = /\bLAN\s+SYSTEM\s+(\S+)/i;
const DEDICATE = /^\s*DEDICATE\s+([0-9A-F]{1,4})(?:\s+([0-9A-F]{1,4}))?\b/i;

/** A device number's value, spelled as 4 hex digits (`02000` and `2000` are one device). */
const hex4 = (dev: string): string => parseInt(dev, 16).toString(16).padStart(4, '0');

/** A device number as the report spells it: 4 upper-case hex digits. */
export const vdevOf = (dev: string): string => hex4(dev).toUpperCase();

/** An FCP device as the `fcp` table keys it: 4 lower-case hex digits. */
export const fcpOf = (dev: string): string => hex4(dev);

/**
 * The NICs the directory defines: device number (4 hex) → the vswitch its `LAN SYSTEM` couples
 * it to (null when uncoupled). Several NICDEF statements of one NIC are one NIC, as z/VM merges
 * them.
 */
export function directoryNics(statements: readonly string[]): Map<string, string | null> {
  const nics = new Map<string, string | null>();
  for (const line of statements) {
    const m = NICDEF.exec(line);
    if (!m) continue;
    const vdev = vdevOf(m[1]);
    const lan = LAN_SYSTEM.exec(m[2]);
    const vswitch = lan ? lan[1].toUpperCase() : null;
    nics.set(vdev, vswitch ?? nics.get(vdev) ?? null);
  }
  return nics;
}

/** The real devices the directory dedicates (DEDICATE vdev [rdev]), as FCP ids. */
export function dedicatedDevices(statements: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of statements) {
    const m = DEDICATE.exec(line);
    if (m) out.push(fcpOf(m[2] ?? m[1]));
  }
  return out;
}
