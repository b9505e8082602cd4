import {
  counted,
  cstr,
  int1,
  int4,
  int8,
  request,
  response,
  seq,
  sized,
  str,
} from './wire.bytes.js';
import type { WireFixture } from './wire.fixture.js';

/**
 * Virtual switches (vmapiVirtual.h; smcliVirtual.c for how the extended query's strings are
 * read field by field; zvmsdk/smtclient.py add_vswitch for the keys the reference sends).
 */
const ok = { rc: 0, rs: 0 };

/**
 * VSW1 as the simulator's extended record gives it: layer 2, VLAN unaware (no port type), one
 * OSA. VLAN ids as the reference's client prints them: the wire's 0000 read as a number.
 */
const VSW1 = {
  switchName: 'VSW1',
  transportType: 'ETHERNET',
  portType: 'NONE',
  queueMemoryLimit: '8',
  routingValue: 'NA',
  vlanAwareness: 'UNAWARE',
  vlanId: '0',
  nativeVlanId: '0',
  macAddress: '02-00-00-00-00-01',
  gvrpRequestAttribute: 'NOGVRP',
  gvrpEnabledAttribute: 'NOGVRP',
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
      realDeviceAddress: '1000',
      virtualDeviceAddress: '0600',
      controllerName: 'DTCVSW1',
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
      userVlanIds: ['0'],
    },
  ],
  adapters: [
    {
      adapterOwner: 'LINUX01',
      adapterVdev: '1000',
      adapterMacaddr: '02-00-00-00-00-02',
      adapterType: 'QDIO',
    },
  ],
};

const ATTRIBUTES =
  'VSW1 ETHERNET NONE 8 NA UNAWARE 0000 0000 02-00-00-00-00-01 NOGVRP NOGVRP 8 ' +
  'LAG: 0 (NOGRP) 5 QDIO NOISOLATION NOMACPROTECT USERBASED EXTENDED';

export const VSWITCH_FIXTURES: WireFixture[] = [
  {
    fn: 'Virtual_Network_Vswitch_Query',
    call: { target: '*', params: { switchName: 'VSW1' } },
    request: request('Virtual_Network_Vswitch_Query', '*', str('VSW1')),
    handler: { target: '*', params: { switchName: 'VSW1' } },
    // the names the handler answers, and each switch's record the wire writer reads
    reply: { ...ok, output: [VSW1] },
    response: response(
      0,
      0,
      sized(
        sized(
          str('VSW1'), // switch name
          int1(2), // transport type: 1 IP, 2 ETHERNET
          int1(0), // port type: 1 ACCESS, 2 TRUNK, none (0) when VLAN unaware
          int4(8), // queue memory limit
          int1(0), // routing value: none for a layer-2 switch (1 NONROUTER, 2 PRIROUTER)
          int4(32768), // VLAN id: 32768 = none (VLAN unaware)
          int4(32768), // native VLAN id
          int8(0x020000000001), // MAC id
          int1(2), // GVRP request: 2 not requested
          int1(2), // GVRP enabled: 2 not enabled
          int1(8), // switch status: 8 OSA device ready
          sized(sized(int4(0x1000), str('DTCVSW1'), str(''), int1(1), int1(0))), // real devices
          sized(sized(str('LINUX01'), sized(sized(int4(0))))), // authorized users, their VLANs
          sized(sized(str('LINUX01'), str('1000'))), // connected adapters
        ),
      ),
    ),
    output: ['VSW1'],
  },
  {
    // the reference's defaults: ETHERNET with routing_value=NONROUTER, VLAN unaware
    fn: 'Virtual_Network_Vswitch_Create_Extended',
    call: {
      target: '*',
      params: {
        switchName: 'VSW1',
        realDeviceAddress: '1000',
        connectionValue: 'CONNECT',
        queueMemoryLimit: 8,
        transportType: 'ETHERNET',
        vlanId: 'UNAWARE',
        routingValue: 'NONROUTER',
        persist: true,
      },
    },
    request: request(
      'Virtual_Network_Vswitch_Create_Extended',
      '*',
      cstr('switch_name=VSW1'),
      cstr('real_device_address=1000'),
      cstr('connection_value=CONNECT'),
      cstr('queue_memory_limit=8'),
      cstr('transport_type=ETHERNET'),
      cstr('vlan_id=UNAWARE'),
      cstr('routing_value=NONROUTER'),
      cstr('persist=YES'),
    ),
    handler: {
      target: '*',
      params: {
        switchName: 'VSW1',
        realDeviceAddress: '1000',
        connectionValue: 'CONNECT',
        queueMemoryLimit: 8,
        transportType: 'ETHERNET',
        vlanId: 'UNAWARE',
        routingValue: 'NONROUTER',
        persist: true,
      },
    },
    reply: ok,
    response: response(0, 0),
    output: undefined,
  },
  {
    // a count of switches; each framed: the attributes' length word and positional values
    // (at most 400 characters), then five arrays of NUL-terminated strings without lengths
    fn: 'Virtual_Network_Vswitch_Query_Extended',
    call: { target: '*', params: { switchName: 'VSW1' } },
    request: request('Virtual_Network_Vswitch_Query_Extended', '*', cstr('switch_name=VSW1')),
    handler: { target: '*', params: { switchName: 'VSW1' } },
    reply: { ...ok, output: [VSW1] },
    response: response(
      0,
      0,
      counted(
        sized(
          int4(ATTRIBUTES.length + 1),
          cstr(ATTRIBUTES),
          sized(cstr('1000 0600 DTCVSW1 (NONE) 1 0')), // real devices (≤ 90 each)
          sized(cstr('1 LINUX01 NOPROM NOOSDSIM 1 0000')), // authorized users
          sized(cstr('LINUX01 1000 02-00-00-00-00-02 QDIO')), // connected adapters (≤ 41)
          sized(), // uplink NICs
          sized(), // global members
        ),
      ),
    ),
    output: [VSW1],
  },
  {
    fn: 'Virtual_Network_Vswitch_Delete_Extended',
    call: { target: '*', params: { switchName: 'VSW1', persist: true } },
    request: request(
      'Virtual_Network_Vswitch_Delete_Extended',
      '*',
      cstr('switch_name=VSW1'),
      cstr('persist=YES'),
    ),
    handler: { target: '*', params: { switchName: 'VSW1', persist: true } },
    reply: ok,
    response: response(0, 0),
    output: undefined,
  },
  {
    fn: 'Virtual_Network_Vswitch_Set_Extended',
    call: { target: '*', params: { switchName: 'VSW1', grantUserid: 'LINUX01' } },
    request: request(
      'Virtual_Network_Vswitch_Set_Extended',
      '*',
      seq(cstr('switch_name=VSW1'), cstr('grant_userid=LINUX01')),
    ),
    handler: { target: '*', params: { switchName: 'VSW1', grantUserid: 'LINUX01' } },
    reply: ok,
    response: response(0, 0),
    output: undefined,
  },
];
