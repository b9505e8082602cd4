import { rhcosNetwork } from '../domain/rhcos-network.js';
import { exitStatusOf } from './guest-config.runner.js';
import { parseResultPaths } from './refresh-bootmap.handler.js';

describe('volume script plumbing', () => {
  it("reads the exit status from systemctl status' Main PID line", () => {
    expect(
      exitStatusOf([
        '● zvmguestconfigure.service - Activation of the guest configuration',
        '   Active: failed (Result: exit-code)',
        ' Main PID: 1234 (code=exited, status=3/FAILURE)',
      ]),
    ).toBe(3);
    expect(exitStatusOf(['   Active: inactive (dead)'])).toBeUndefined();
  });

  it('parses RESULT PATHS into FCP → WWPNs', () => {
    expect(
      parseResultPaths([
        '2 valid paths found.',
        'RESULT PATHS: 1a00:5005076802100c1a 5005076802200c1a,1b00:5005076802100c1a',
      ]),
    ).toEqual({
      '1a00': ['5005076802100c1a', '5005076802200c1a'],
      '1b00': ['5005076802100c1a'],
    });
    expect(parseResultPaths(['no result'])).toEqual({});
  });

  it("builds RHCOS's ip= parameter and NIC ids from the first guest network", () => {
    expect(
      rhcosNetwork([
        {
          ip_addr: '192.168.95.10',
          cidr: '192.168.95.0/24',
          gateway_addr: '192.168.95.1',
          dns_addr: ['9.0.2.1', '9.0.3.1'],
          nic_vdev: '1000',
          hostname: 'rhcos1',
        },
      ]),
    ).toEqual({
      ipConfig: '192.168.95.10::192.168.95.1:24:rhcos1:enc1000:none:9.0.2.1:9.0.3.1',
      nicId: '0.0.1000,0.0.1001,0.0.1002',
    });
    expect(() => rhcosNetwork([{ ip_addr: '1.2.3.4', nic_vdev: '1000' }])).toThrow(/cidr/);
  });
});
