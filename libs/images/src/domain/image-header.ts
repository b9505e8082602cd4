import { ImageErrors } from './image-errors.js';

/** How many bytes of the file the reference's import looks at (`hexdump -n 48 -C`). */
const DUMPED = 48;

/**
 * `hexdump -C` of `bytes`: 16 bytes a line (offset, hex in two groups of 8, the printable
 * characters between bars), a line equal to the one before it squeezed to `*`, then the end
 * offset. The reference's import reads the image's size from fixed positions of this text.
 */
export function hexdumpC(bytes: Buffer): string {
  const offset = (n: number) => n.toString(16).padStart(8, '0');
  let out = '';
  let squeezed = false;
  for (let at = 0; at < bytes.length; at += 16) {
    const line = bytes.subarray(at, at + 16);
    if (at > 0 && line.length === 16 && line.equals(bytes.subarray(at - 16, at))) {
      if (!squeezed) out += '*\n';
      squeezed = true;
      continue;
    }
    squeezed = false;
    let hex = '';
    for (let i = 0; i < 16; i++) {
      hex += i < line.length ? `${line[i].toString(16).padStart(2, '0')} ` : '   ';
      if (i === 7) hex += ' ';
    }
    const text = [...line].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.'));
    out += `${offset(at)}  ${hex} |${text.join('')}|\n`;
  }
  return bytes.length > 0 ? `${out}${offset(bytes.length)}\n` : out;
}

/** Python's int() of text that hexdump shows (so no whitespace but blanks); null if refused. */
function pythonInt(s: string): number | null {
  const m = /^ *([+-]?)(\d+(?:_\d+)*) *$/.exec(s);
  if (!m) return null;
  const n = Number(m[2].replace(/_/g, ''));
  return m[1] === '-' && n !== 0 ? -n : n;
}

/**
 * The disk size units an import records for an image (`<size>:<unit>`), read as the reference
 * reads them (smtclient `_get_disk_size_units`): from `hexdump -n 48 -C` of the file, the size
 * is int() of the text at 144..155 (bytes 20..31) and the unit the text at 220..222 (bytes
 * 33..35), whatever it says; no size → image rs 6; neither `CKD` nor `FBA` in the dump → rs 7.
 * So any header with the size at those offsets imports: what creatediskimage writes (HLen),
 * version 1, our older 64-byte form, and the reference's own test dummy (`z/VM CKD Disk
 * Image:           0 CYL …`, recorded as `0:CYL`).
 */
export function imageDiskSizeUnits(head: Buffer): string {
  const output = hexdumpC(head.subarray(0, DUMPED));
  const size = pythonInt(output.slice(144, 156));
  if (size === null) throw ImageErrors.noSizeUnits();
  if (!output.includes('FBA') && !output.includes('CKD')) throw ImageErrors.badDiskType();
  return `${size}:${output.slice(220, 223)}`;
}
