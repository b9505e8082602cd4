import type { FcpDeviceInfo } from '#hypervisor';
import type { FcpRow } from '#persistence';
import { refusal } from './attach-dry-run.checks.js';

const row = (over: Partial<FcpRow> = {}): FcpRow => ({
  fcpId: '1a00',
  assignerId: '',
  connections: 0,
  reserved: 0,
  wwpnNpiv: '',
  wwpnPhy: '',
  chpid: '27',
  pchid: '02E0',
  state: 'free',
  owner: '',
  tmplId: '',
  ...over,
});
const dev = (over: Partial<FcpDeviceInfo> = {}): FcpDeviceInfo => ({
  fcpId: '1A00',
  chpid: '27',
  pchid: '02E0',
  state: 'free',
  owner: 'NONE',
  wwpnNpiv: '',
  wwpnPhy: '',
  ...over,
});

describe('refusal (dry run of volume.attach)', () => {
  it('serves a free FCP, or one reserved for or dedicated to the same guest', () => {
    expect(refusal('1a00', 'G1', row(), dev())).toBeNull();
    expect(
      refusal('1a00', 'G1', row({ assignerId: 'G1' }), dev({ state: 'active', owner: 'G1' })),
    ).toBeNull();
  });

  it.each<[string, FcpRow | undefined, FcpDeviceInfo | undefined, string]>([
    ['unknown to the database', undefined, dev(), 'not known to the database'],
    ['reserved for another guest', row({ assignerId: 'G2' }), dev(), 'reserved for G2'],
    ['missing on the hypervisor', row(), undefined, 'not on the hypervisor'],
    ['not found', row(), dev({ state: 'notfound' }), 'not on the hypervisor'],
    ['offline', row(), dev({ state: 'offline' }), 'offline'],
    ['dedicated to another user', row(), dev({ state: 'active', owner: 'OTHERVM' }), 'OTHERVM'],
  ])('refuses one %s', (_, r, d, why) => {
    expect(refusal('1a00', 'G1', r, d)).toContain(why);
  });
});
