import { HostPolicy, literalAddresses } from './host-policy.js';

const byDefault = new HostPolicy([]);
const host = 'images.example.com';

describe('HostPolicy: the default denies every special-purpose range', () => {
  it.each([
    ['loopback', ['127.0.0.1', '127.255.255.254', '::1']],
    ['unspecified', ['0.0.0.0', '0.1.2.3', '::']],
    ['link-local and cloud metadata', ['169.254.0.1', '169.254.169.254', 'fe80::1', 'febf::1']],
    ['private', ['10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.1.1']],
    ['unique local', ['fc00::1', 'fd12:3456::1']],
    ['CGNAT', ['100.64.0.1', '100.127.255.254']],
    ['multicast', ['224.0.0.1', '239.255.255.255', 'ff02::1']],
    ['reserved and broadcast', ['240.0.0.1', '255.255.255.255', '192.0.0.8', '198.18.0.1']],
    ['documentation', ['192.0.2.1', '198.51.100.1', '203.0.113.1', '2001:db8::1']],
  ])('%s', (_what, addresses) => {
    for (const a of addresses) expect([a, byDefault.allows(host, a)]).toEqual([a, false]);
  });

  it('denies the IPv4-mapped, -compatible, NAT64 and 6to4 forms of denied IPv4', () => {
    for (const a of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::ffff:10.1.2.3',
      '::ffff:0:10.1.2.3',
      '64:ff9b::192.168.0.1',
      '2002:7f00:1::1',
      '0:0:0:0:0:ffff:7f00:0001',
    ]) {
      expect([a, byDefault.allows(host, a)]).toEqual([a, false]);
    }
  });

  it('allows public addresses in every form, and the edges just outside denied ranges', () => {
    for (const a of [
      '93.184.216.34',
      '::ffff:93.184.216.34',
      '2606:2800:220:1:248:1893:25c8:1946',
      '172.32.0.1',
      '172.15.255.255',
      '100.128.0.1',
      '100.63.255.255',
      '169.253.255.255',
      '11.0.0.1',
      '223.255.255.255',
    ]) {
      expect([a, byDefault.allows(host, a)]).toEqual([a, true]);
    }
  });

  it('refuses what is not an address', () => {
    expect(byDefault.allows(host, 'not-an-ip')).toBe(false);
  });
});

describe('HostPolicy: IMAGE_IMPORT_HOSTS', () => {
  it('allows a listed address in any of its forms, and nothing next to it', () => {
    const p = new HostPolicy(['127.0.0.1']);
    expect(p.allows('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(p.allows('x', '::ffff:127.0.0.1')).toBe(true);
    expect(p.allows('x', '127.0.0.2')).toBe(false);
    expect(p.allows('x', '::1')).toBe(false);
  });

  it('allows CIDR ranges, v4 and v6, written in either family', () => {
    const p = new HostPolicy(['10.20.0.0/16', 'fd00:1::/32', '::ffff:192.168.7.0/120']);
    expect(p.allows('x', '10.20.5.6')).toBe(true);
    expect(p.allows('x', '::ffff:10.20.5.6')).toBe(true);
    expect(p.allows('x', '10.21.0.1')).toBe(false);
    expect(p.allows('x', 'fd00:1:2::3')).toBe(true);
    expect(p.allows('x', 'fd00:2::3')).toBe(false);
    expect(p.allows('x', '192.168.7.9')).toBe(true);
    expect(p.allows('x', '192.168.8.9')).toBe(false);
  });

  it('allows a listed host name whatever it resolves to, and only that name', () => {
    const p = new HostPolicy(['Mirror.Internal.']);
    expect(p.allows('mirror.internal', '10.1.1.1')).toBe(true);
    expect(p.allows('MIRROR.INTERNAL.', '127.0.0.1')).toBe(true);
    expect(p.allows('other.internal', '10.1.1.1')).toBe(false);
  });
});

describe('literal hosts', () => {
  it('are read from the URL parser, which normalises every numeric form', () => {
    for (const url of [
      'http://127.0.0.1:8/x',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::1]/',
      'http://[0:0:0:0:0:0:0:1]/',
      'http://localhost/',
      'http://LOCALHOST./',
      'http://api.localhost/',
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/',
      'http://0/',
    ]) {
      expect([url, byDefault.refusesLiterally(new URL(url).hostname)]).toEqual([url, true]);
    }
  });

  it('leave names to the lookup, and pass allowed and public addresses', () => {
    expect(literalAddresses('images.example.com')).toBeNull();
    expect(byDefault.refusesLiterally('images.example.com')).toBe(false);
    expect(byDefault.refusesLiterally('93.184.216.34')).toBe(false);
    expect(
      new HostPolicy(['127.0.0.1']).refusesLiterally(new URL('http://2130706433/').hostname),
    ).toBe(false);
    expect(new HostPolicy(['localhost']).refusesLiterally('localhost')).toBe(false);
  });
});
