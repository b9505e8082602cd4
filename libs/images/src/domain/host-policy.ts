import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { type ImportHostEntry, parseImportHost } from '#config';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

const cidr = (s: string): Range => ipaddr.parseCIDR(s);

/** Where an import must not go unless IMAGE_IMPORT_HOSTS says so (RFC 6890 special purposes). */
const DENIED_V4 = [
  '0.0.0.0/8', // "this network", 0.0.0.0 included
  '10.0.0.0/8',
  '100.64.0.0/10', // CGNAT
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, cloud metadata 169.254.169.254 included
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, broadcast included
].map(cidr);

const DENIED_V6 = [
  '::/128',
  '::1/128',
  '100::/64', // discard
  '2001:db8::/32',
  'fc00::/7', // unique local
  'fe80::/10',
  'fec0::/10', // site-local (deprecated, still routed inside some networks)
  'ff00::/8',
].map(cidr);

/** IPv6 forms that carry an IPv4 address in their last 32 bits; 6to4 carries it in bits 16-47. */
const EMBEDS_V4_LAST = ['::/96', '::ffff:0:0/96', '::ffff:0:0:0/96', '64:ff9b::/96'].map(cidr);
const SIX_TO_FOUR = cidr('2002::/16');

function inAny(a: Address, ranges: Range[]): boolean {
  return ranges.some(([base, bits]) => a.kind() === base.kind() && a.match(base, bits));
}

/** The IPv4 address an IPv6 address stands for (mapped, compatible, NAT64, 6to4), if any. */
function embeddedV4(a: Address): ipaddr.IPv4 | null {
  if (a.kind() !== 'ipv6') return null;
  const b = (a as ipaddr.IPv6).toByteArray();
  if (inAny(a, EMBEDS_V4_LAST)) return new ipaddr.IPv4(b.slice(12, 16));
  if (inAny(a, [SIX_TO_FOUR])) return new ipaddr.IPv4(b.slice(2, 6));
  return null;
}

/** An address and what it stands for: checks apply to every form. */
function forms(address: string): Address[] {
  const a = ipaddr.parse(address);
  const v4 = embeddedV4(a);
  return v4 ? [a, v4] : [a];
}

/** Names that resolve to loopback without asking DNS (RFC 6761). */
export function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * The image import policy: loopback, unspecified, link-local, private, CGNAT, multicast and
 * reserved addresses (in IPv4 and every IPv6 form that embeds IPv4) are refused unless
 * IMAGE_IMPORT_HOSTS names the host or a range holding the address.
 */
export class HostPolicy {
  private readonly names = new Set<string>();
  private readonly ranges: Range[] = [];

  /**
   * @param setting the setting that lists the entries, named in refusals (the same policy
   * guards webhook targets with WEBHOOK_HOSTS)
   */
  constructor(
    entries: readonly string[],
    readonly setting = 'IMAGE_IMPORT_HOSTS',
  ) {
    for (const e of entries.map(parseImportHost)) this.add(e);
  }

  private add(e: ImportHostEntry | null): void {
    if (!e) return; // loadConfig refused it already
    if (e.kind === 'name') {
      this.names.add(e.name);
      return;
    }
    const a = ipaddr.parse(e.address);
    this.ranges.push([a, e.prefix]);
    // `::ffff:10.0.0.0/104` allows 10.0.0.0/8 too, as an IPv4 entry allows its IPv6 forms
    const v4 = e.prefix >= 96 && inAny(a, EMBEDS_V4_LAST) ? embeddedV4(a) : null;
    if (v4) this.ranges.push([v4, e.prefix - 96]);
  }

  /** May an import whose URL names `host` connect to `address` (a resolved or literal IP)? */
  allows(host: string, address: string): boolean {
    if (!ipaddr.isValid(address)) return false;
    const all = forms(address);
    const denied = all.some((a) => inAny(a, a.kind() === 'ipv4' ? DENIED_V4 : DENIED_V6));
    if (!denied) return true;
    if (this.listsName(host)) return true;
    return all.some((a) => inAny(a, this.ranges));
  }

  /** Whether IMAGE_IMPORT_HOSTS names this host: it may be reached whatever it resolves to. */
  listsName(host: string): boolean {
    return this.names.has(host.toLowerCase().replace(/\.$/, ''));
  }

  /** Whether a host (a URL's hostname) is refused without a lookup (see literalAddresses). */
  refusesLiterally(host: string): boolean {
    return !!literalAddresses(host)?.some((a) => !this.allows(host, a));
  }
}

/**
 * The addresses a URL's host names without asking DNS: an IP literal (the URL parser has
 * already turned `2130706433`, `0x7f.1` and `0177.0.0.1` into one) or localhost's. Null for a
 * name that must be resolved.
 */
export function literalAddresses(hostname: string): string[] | null {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) return [host];
  if (isLocalhostName(host)) return ['127.0.0.1', '::1'];
  return null;
}

/** The host of a `user@host` remote_host. */
export function remoteHostName(remoteHost: string): string {
  return remoteHost.slice(remoteHost.lastIndexOf('@') + 1);
}
