import type { HypervisorState } from '../state/hypervisor.state.js';
import type { UserRecord } from '../state/state.types.js';
import {
  applyNetworkDelete,
  applyNetworkScript,
  heredocFiles,
  hostname,
  ipAddr,
} from './guest-network.js';
import { strictMock } from '#testing/jest';

const SCRIPT = [
  '#!/bin/bash',
  "cat > /etc/sysconfig/network-scripts/ifcfg-enc1000 <<'EOF'",
  'DEVICE="enc1000"',
  'BOOTPROTO="static"',
  'IPADDR="192.168.95.10"',
  'PREFIX="24"',
  'GATEWAY="192.168.95.1"',
  'DNS1="9.0.2.1"',
  'DNS2="9.0.3.1"',
  'SUBCHANNELS="0.0.1000,0.0.1001,0.0.1002"',
  'EOF',
  "cat > /etc/hostname <<'EOF'",
  'web01',
  'EOF',
].join('\n');

describe('guest network model', () => {
  const state = strictMock<HypervisorState>({ changed: () => undefined });
  const guest = (): UserRecord =>
    ({
      userid: 'LINUX01',
      activeNics: { '1000': { vdev: '1000', type: 'QDIO', mac: '02:00:00:00:00:07' } },
    }) as unknown as UserRecord;

  it('reads the files a network script writes', () => {
    expect(heredocFiles(SCRIPT).map((f) => f.path)).toEqual([
      '/etc/sysconfig/network-scripts/ifcfg-enc1000',
      '/etc/hostname',
    ]);
  });

  it('applies interfaces and host name, shows them as ip addr and hostname, and deletes', () => {
    const u = guest();
    expect(hostname(state, u)).toEqual(['linux01']);
    expect(applyNetworkScript(state, u, { name: 'network.doscript', content: SCRIPT })).toBe(0);
    expect(u.guestNetwork).toEqual({
      hostname: 'web01',
      interfaces: {
        '1000': {
          vdev: '1000',
          device: 'enc1000',
          file: '/etc/sysconfig/network-scripts/ifcfg-enc1000',
          ip: '192.168.95.10',
          prefix: 24,
          gateway: '192.168.95.1',
          dns: ['9.0.2.1', '9.0.3.1'],
        },
      },
    });
    expect(hostname(state, u)).toEqual(['web01']);
    expect(ipAddr(state, u)).toEqual(
      expect.arrayContaining([
        '    link/ether 02:00:00:00:00:07 brd ff:ff:ff:ff:ff:ff',
        '    inet 192.168.95.10/24 scope global enc1000',
      ]),
    );
    const del = 'rm -f /etc/sysconfig/network-scripts/ifcfg-enc1000\n';
    expect(applyNetworkDelete(state, u, { name: 'DEL1000.sh', content: del })).toBe(0);
    expect(u.guestNetwork?.interfaces).toEqual({});
    expect(ipAddr(state, u).join('\n')).not.toContain('enc1000');
  });

  it('fails a script it cannot read with the scripts’ bad-parameters status', () => {
    expect(applyNetworkScript(state, guest(), { name: 'network.doscript', content: 'junk' })).toBe(
      2,
    );
    expect(applyNetworkDelete(state, guest(), { name: 'DEL1000.sh', content: '' })).toBe(2);
  });
});
