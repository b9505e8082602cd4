import { deleteScript, networkScript } from './network-script.js';

describe('network scripts', () => {
  it('writes one ifcfg file per entry and the host name', () => {
    const script = networkScript('rhel9.0', [
      {
        ip_addr: '192.168.95.10',
        cidr: '192.168.95.0/24',
        gateway_addr: '192.168.95.1',
        dns_addr: ['9.0.2.1'],
        nic_vdev: '1000',
        mac_addr: '02:00:00:12:34:56',
        hostname: 'web01',
      },
      { nic_vdev: '1003', method: 'dhcp' },
    ]);
    expect(script).toBe(
      [
        '#!/bin/bash',
        "cat > /etc/sysconfig/network-scripts/ifcfg-enc1000 <<'EOF'",
        'DEVICE="enc1000"',
        'BOOTPROTO="static"',
        'IPADDR="192.168.95.10"',
        'PREFIX="24"',
        'GATEWAY="192.168.95.1"',
        'DNS1="9.0.2.1"',
        'MACADDR="02:00:00:12:34:56"',
        'NETTYPE="qeth"',
        'SUBCHANNELS="0.0.1000,0.0.1001,0.0.1002"',
        'ONBOOT="yes"',
        'EOF',
        "cat > /etc/sysconfig/network-scripts/ifcfg-enc1003 <<'EOF'",
        'DEVICE="enc1003"',
        'BOOTPROTO="dhcp"',
        'NETTYPE="qeth"',
        'SUBCHANNELS="0.0.1003,0.0.1004,0.0.1005"',
        'ONBOOT="yes"',
        'EOF',
        "cat > /etc/hostname <<'EOF'",
        'web01',
        'EOF',
        '',
      ].join('\n'),
    );
  });

  it('removes the file of one interface, named by its device number', () => {
    expect(deleteScript('sles15', '100c')).toEqual({
      name: 'DEL100C.sh',
      content: '#!/bin/bash\nrm -f /etc/sysconfig/network/ifcfg-enc100c\n',
    });
  });
});
