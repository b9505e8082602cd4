import { isIP } from 'node:net';

/** One IMAGE_IMPORT_HOSTS entry: a host name, or an address range (a lone IP is /32 or /128). */
export type ImportHostEntry =
  { kind: 'name'; name: string } | { kind: 'range'; address: string; prefix: number };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A last label the URL parser reads as a number: the host is an IPv4 address, not a name. */
const NUMERIC_LABEL = /^(0x[0-9a-f]*|\d+)$/;

/**
 * Parses an IMAGE_IMPORT_HOSTS entry: `images.example.com`, `10.1.2.3`, `10.1.0.0/16`, `::1`,
 * `[fd00::1]`, `fd00::/8`. Null when it is none of them. IPv4 in the URL parser's other
 * numeric forms (`2130706433`, `0x7f.1`) is refused: written so, it reads as a name here but
 * as an address in a URL, so it would never match what it seems to allow.
 */
export function parseImportHost(raw: string): ImportHostEntry | null {
  const entry = raw.trim().toLowerCase();
  const [host = '', prefix, ...rest] = entry.split('/');
  const address = host.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(address);
  if (family) {
    const max = family === 4 ? 32 : 128;
    if (rest.length) return null;
    if (prefix === undefined) return { kind: 'range', address, prefix: max };
    if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max) return null;
    return { kind: 'range', address, prefix: Number(prefix) };
  }
  if (prefix !== undefined) return null;
  const name = host.replace(/\.$/, '');
  const labels = name.split('.');
  if (name.length > 253 || !labels.every((l) => LABEL.test(l))) return null;
  if (NUMERIC_LABEL.test(labels[labels.length - 1])) return null;
  return { kind: 'name', name };
}
