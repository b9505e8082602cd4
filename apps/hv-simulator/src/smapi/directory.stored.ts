import { nicDefs, nicdefStatement } from '../network/nicdef.js';
import { keyword, normVdev, words } from '../state/directory.parser.js';

const isComment = (line: string): boolean => line.trim().startsWith('*');

/** The NIC a NICDEF statement defines (undefined for other statements). */
const nicdefVdev = (line: string): string | undefined =>
  keyword(line) === 'NICDEF' ? normVdev(words(line)[1] ?? '') : undefined;

/**
 * A directory entry as the directory manager stores it, and Image_Query_DM then prints it:
 * statements upper case (comments as written), and the NICDEF statements of one NIC merged
 * into one at the place of the first. The reference writes values as its clients gave them
 * (`IPL 0100 PARM dummy`) and couples a NIC by adding a second NICDEF for it; its functional
 * tests then look for `IPL 0100 PARM DUMMY` and `NICDEF 2000 TYPE QDIO LAN SYSTEM VSW DEVICES 3`.
 */
export function storedDirectory(lines: readonly string[]): string[] {
  const upper = lines.map((l) => (isComment(l) ? l : l.toUpperCase()));
  const statements = new Map<string, number>();
  for (const l of upper) {
    const vdev = nicdefVdev(l);
    if (vdev) statements.set(vdev, (statements.get(vdev) ?? 0) + 1);
  }
  const merged = nicDefs(upper);
  const placed = new Set<string>();
  const out: string[] = [];
  for (const l of upper) {
    const vdev = nicdefVdev(l);
    const nic = vdev ? merged.get(vdev) : undefined;
    if (!vdev || !nic || (statements.get(vdev) ?? 0) < 2) out.push(l);
    else if (!placed.has(vdev)) {
      out.push(nicdefStatement(nic));
      placed.add(vdev);
    }
  }
  return out;
}
