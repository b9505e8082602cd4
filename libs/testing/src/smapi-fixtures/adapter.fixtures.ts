import { cstr, request, response, seq, sized, str } from './wire.bytes.js';
import type { WireFixture } from './wire.fixture.js';

/**
 * Virtual NICs (vmapiVirtual.h). Adapter_Query_Extended answers one `keyword=value` C string
 * per fact, adapters closed by `adapter_info_end` (zvmsdk/smtclient.py get_adapters_info);
 * Vswitch_Query_Byte_Stats answers positional C strings: counts, then the values they count
 * (smcliVirtual.c virtualNetworkVswitchQueryByteStats).
 */
const ok = { rc: 0, rs: 0 };
const vdevOnly = (fn: WireFixture['fn']): WireFixture => ({
  fn,
  call: { target: 'LINUX01', params: { vdev: '1000' } },
  request: request(fn, 'LINUX01', str('1000')), // image_device_number
  handler: { target: 'LINUX01', params: { vdev: '1000' } },
  reply: ok,
  response: response(0, 0),
  output: undefined,
});
const connect = (fn: WireFixture['fn']): WireFixture => ({
  fn,
  call: { target: 'LINUX01', params: { vdev: '1000', vswitch: 'VSW1' } },
  request: request(fn, 'LINUX01', str('1000'), str('VSW1')), // image_device_number, switch_name
  handler: { target: 'LINUX01', params: { vdev: '1000', vswitch: 'VSW1' } },
  reply: ok,
  response: response(0, 0),
  output: undefined,
});

const ADAPTER = {
  vdev: '1000',
  type: 'QDIO',
  status: '02',
  lanOwner: 'SYSTEM',
  lanName: 'VSW1',
  macAddress: '020000000002',
  ipAddress: '10.0.0.5',
  ipVersion: '4',
};

const NIC_STATS = {
  userid: 'LINUX01',
  vdev: '1000',
  framesRx: 1,
  framesTx: 2,
  framesRxDiscarded: 0,
  framesTxDiscarded: 0,
  framesRxErrors: 0,
  framesTxErrors: 0,
  bytesRx: 100,
  bytesTx: 200,
};

export const ADAPTER_FIXTURES: WireFixture[] = [
  {
    fn: 'Virtual_Network_Adapter_Create_Extended_DM',
    call: { target: 'LINUX01', params: { vdev: '1000', adapterType: 'QDIO' } },
    // the keys as a counted buffer of NUL-terminated strings
    request: request(
      'Virtual_Network_Adapter_Create_Extended_DM',
      'LINUX01',
      sized(cstr('image_device_number=1000'), cstr('adapter_type=QDIO')),
    ),
    handler: { target: 'LINUX01', params: { vdev: '1000', adapterType: 'QDIO' } },
    reply: ok,
    response: response(0, 0),
    output: undefined,
  },
  {
    fn: 'Virtual_Network_Adapter_Create_Extended',
    call: { target: 'LINUX01', params: { vdev: '1000', adapterType: 'QDIO' } },
    request: request(
      'Virtual_Network_Adapter_Create_Extended',
      'LINUX01',
      cstr('image_device_number=1000'),
      cstr('adapter_type=QDIO'),
    ),
    handler: { target: 'LINUX01', params: { vdev: '1000', adapterType: 'QDIO' } },
    reply: ok,
    response: response(0, 0),
    output: undefined,
  },
  vdevOnly('Virtual_Network_Adapter_Delete_DM'),
  vdevOnly('Virtual_Network_Adapter_Delete'),
  connect('Virtual_Network_Adapter_Connect_Vswitch_DM'),
  connect('Virtual_Network_Adapter_Connect_Vswitch'),
  vdevOnly('Virtual_Network_Adapter_Disconnect_DM'),
  vdevOnly('Virtual_Network_Adapter_Disconnect'),
  {
    fn: 'Virtual_Network_Adapter_Query_Extended',
    call: { target: 'LINUX01', params: { vdev: '*' } },
    request: request(
      'Virtual_Network_Adapter_Query_Extended',
      'LINUX01',
      sized(cstr('image_device_number=*')),
    ),
    handler: { target: 'LINUX01', params: { vdev: '*' } },
    reply: { ...ok, output: { adapters: [ADAPTER] } },
    response: response(
      0,
      0,
      cstr('adapter_count=1'),
      cstr('adapter_address=1000'),
      cstr('adapter_type=QDIO'),
      cstr('adapter_status=02'),
      cstr('lan_owner=SYSTEM'),
      cstr('lan_name=VSW1'),
      cstr('mac_address=020000000002'),
      cstr('mac_ip_version=4'),
      cstr('mac_ip_address=10.0.0.5'),
      cstr('adapter_info_end'),
    ),
    output: { adapters: [ADAPTER] },
  },
  {
    fn: 'Virtual_Network_Vswitch_Query_Byte_Stats',
    call: { target: '*', params: { vswitch: '*' } },
    request: request('Virtual_Network_Vswitch_Query_Byte_Stats', '*', cstr('switch_name=*')),
    handler: { target: '*', params: { vswitch: '*' } },
    reply: { ...ok, output: { vswitches: [{ name: 'VSW1', nics: [NIC_STATS] }] } },
    response: response(
      0,
      0,
      cstr('1'), // vswitch count
      cstr('VSW1'), // vswitch name
      cstr('0'), // uplink count
      ...['0', '0', '0', '0', '0', '0', '0', '0'].map(cstr), // bridge: 8 counters
      cstr('1'), // nic count
      cstr('LINUX01 1000'), // nic id
      seq(cstr('1'), cstr('0'), cstr('0')), // frames received, discarded, in error
      seq(cstr('2'), cstr('0'), cstr('0')), // frames sent, discarded, in error
      seq(cstr('100'), cstr('200')), // bytes received, sent
      cstr('0'), // vlan count
    ),
    output: { vswitches: [{ name: 'VSW1', nics: [NIC_STATS] }] },
  },
];
