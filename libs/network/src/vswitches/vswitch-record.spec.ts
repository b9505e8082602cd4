import type { VswitchExtendedInfo } from '#hypervisor';
import { vswitchView } from './vswitch-record.js';

const info = (over: Partial<VswitchExtendedInfo> = {}): VswitchExtendedInfo => ({
  switchName: 'VSW1',
  transportType: 'ETHERNET',
  portType: 'ACCESS',
  queueMemoryLimit: '8',
  routingValue: 'NA',
  vlanAwareness: 'AWARE',
  vlanId: '0001',
  nativeVlanId: '0001',
  macAddress: '02-00-00-00-00-01',
  gvrpRequestAttribute: 'GVRP',
  gvrpEnabledAttribute: 'GVRP',
  switchStatus: '8',
  linkAg: 'LAG:',
  lagInterval: '0',
  lagGroup: '(NOGRP)',
  ipTimeout: '5',
  switchType: 'QDIO',
  isolationStatus: 'NOISOLATION',
  macProtect: 'NOMACPROTECT',
  userPortBased: 'USERBASED',
  vlanCounters: 'EXTENDED',
  realDevices: [
    {
      realDeviceAddress: '1111',
      virtualDeviceAddress: '0600',
      controllerName: '(NONE)',
      portName: '(NONE)',
      deviceStatus: '1',
      deviceErrorStatus: '0',
    },
  ],
  authorizedUsers: [
    {
      portNum: '1',
      grantUserid: 'LINUX01',
      promiscuousMode: 'NOPROM',
      osdSim: 'NOOSDSIM',
      vlanCount: '1',
      userVlanIds: ['0100'],
    },
  ],
  adapters: [
    {
      adapterOwner: 'LINUX01',
      adapterVdev: '1000',
      adapterMacaddr: '02-00-00-00-00-0A',
      adapterType: 'QDIO',
    },
  ],
  ...over,
});

describe('vswitchView', () => {
  it('gives the reference keys: 21 strings, real devices, authorized users, adapters', () => {
    const v = vswitchView(info());
    expect(Object.keys(v)).toHaveLength(24);
    expect(v).toMatchObject({ switch_name: 'VSW1', IP_timeout: '5', MAC_protect: 'NOMACPROTECT' });
    expect(v.real_devices).toEqual({
      '1111': {
        vdev: '0600',
        controller: 'NONE',
        port_name: 'NONE',
        dev_status: '1',
        dev_err: '0',
      },
    });
    expect(v.authorized_users).toEqual({
      LINUX01: {
        port_num: '1',
        prom_mode: 'NOPROM',
        osd_sim: 'NOOSDSIM',
        vlan_count: '1',
        vlan_ids: ['0100'],
      },
    });
    expect(v.adapters).toEqual({ LINUX01_1000: { mac: '02-00-00-00-00-0A', type: 'QDIO' } });
  });

  it('reports users of a VLAN-unaware switch with vlan_count 0 and no VLAN ids', () => {
    const v = vswitchView(info({ vlanAwareness: 'UNAWARE' }));
    expect(v.authorized_users.LINUX01).toMatchObject({ vlan_count: 0, vlan_ids: [] });
  });
});
