import {
  decodeResponse,
  encodeRequest,
  SMAPI_FUNCTIONS,
  SMAPI_MAPPINGS,
  type SmapiFunction,
} from '#hypervisor';
import { wireOutput } from './wire.output.js';
import { wireParams } from './wire.params.js';
import { decodeWireRequest } from './wire.request.js';
import { encodeWireResponse } from './wire.response.js';

// Every function: the service's JSON params through its mapping and codec, read back by the
// simulator's own decoder and mapping, must be the params again.
const caller = { userid: 'MAINT', password: 'pw', target: 'LINUX01' };
const PARAMS: Record<SmapiFunction, Record<string, unknown>> = {
  Image_Create_DM: { directory: ['USER LINUX01 PW 1G 2G G', 'CPU 00', 'IPL 0100'] },
  Image_Delete_DM: {},
  Image_Query_DM: {},
  Image_Name_Query_DM: {},
  Image_Activate: {},
  Image_Deactivate: { immediate: true },
  Image_Disk_Create_DM: {
    vdev: '0100',
    deviceType: '3390',
    pool: 'POOL1',
    units: 3338,
    mode: 'MR',
    format: 'none',
  },
  Image_Disk_Delete_DM: { vdev: '0100' },
  Image_Disk_Query: { vdasdId: 'ALL' },
  Image_Status_Query: {},
  Image_Volume_Space_Query_DM: { pool: 'POOL1' },
  System_Info_Query: {},
  System_Information_Query: {},
  System_Performance_Information_Query: { detailedCpu: 'show=no' },
  System_WWPN_Query: {},
  Query_API_Functional_Level: {},
  Image_Device_Dedicate_DM: { vdev: '1B0E', realDevice: '1B0E' },
  Image_Device_Undedicate_DM: { vdev: '1B0E' },
  VMRELOCATE: {
    action: 'MOVE',
    destination: 'HVSIM2',
    immediate: false,
    maxTotal: 600,
    maxQuiesce: 10,
    force: ['ARCHITECTURE', 'DOMAIN'],
  },
  Image_Pause: { pause: true },
  Image_Lock_DM: {},
  Image_Console_Get: {},
  Image_Unlock_DM: {},
  Image_Replace_DM: { directory: ['USER LINUX01 PW 2G 4G G'] },
  Image_Performance_Query: {},
  Virtual_Network_Vswitch_Query: { switchName: '*' },
  Virtual_Network_Vswitch_Create_Extended: {
    switchName: 'VSW1',
    realDeviceAddress: '1000',
    controllerName: '*',
    connectionValue: 'CONNECT',
    queueMemoryLimit: 8,
    transportType: 'ETHERNET',
    vlanId: 100,
    portType: 'ACCESS',
    gvrpValue: 'NOGVRP',
    nativeVlanid: 1,
    routingValue: 'NONROUTER',
    persist: true,
  },
  Virtual_Network_Vswitch_Query_Extended: { switchName: 'VSW1' },
  Virtual_Network_Vswitch_Delete_Extended: { switchName: 'VSW1', persist: false },
  Virtual_Network_Vswitch_Set_Extended: {
    switchName: 'VSW1',
    grantUserid: 'LINUX01',
    userVlanId: 100,
  },
  Virtual_Network_Adapter_Create_Extended_DM: {
    vdev: '1000',
    adapterType: 'QDIO',
    macId: '0A0B0C',
  },
  Virtual_Network_Adapter_Create_Extended: { vdev: '1000', adapterType: 'QDIO' },
  Virtual_Network_Adapter_Delete_DM: { vdev: '1000' },
  Virtual_Network_Adapter_Delete: { vdev: '1000' },
  Virtual_Network_Adapter_Connect_Vswitch_DM: { vdev: '1000', vswitch: 'VSW1' },
  Virtual_Network_Adapter_Connect_Vswitch: { vdev: '1000', vswitch: 'VSW1' },
  Virtual_Network_Adapter_Disconnect_DM: { vdev: '1000' },
  Virtual_Network_Adapter_Disconnect: { vdev: '1000' },
  Virtual_Network_Adapter_Query_Extended: { vdev: '*' },
  Virtual_Network_Vswitch_Query_Byte_Stats: { vswitch: '*' },
};

const roundTrip = (fn: SmapiFunction, params: Record<string, unknown>) => {
  const bytes = encodeRequest(fn, caller, SMAPI_MAPPINGS[fn].toWire(params, caller.target));
  const request = decodeWireRequest(bytes.subarray(4));
  return wireParams(request.fn, request.values);
};

describe('params → bytes → params, every function', () => {
  it('covers SMAPI_FUNCTIONS', () => {
    expect(Object.keys(PARAMS).sort()).toEqual([...SMAPI_FUNCTIONS].sort());
  });

  it.each(SMAPI_FUNCTIONS.map((fn) => [fn, PARAMS[fn]] as const))('%s', (fn, params) => {
    expect(roundTrip(fn, params)).toEqual(params);
  });

  it('simulator-only params are not carried: a Linux file system, a soft log-off', () => {
    const disk = { ...PARAMS.Image_Disk_Create_DM, format: 'ext4' };
    expect(roundTrip('Image_Disk_Create_DM', disk)).not.toHaveProperty('format');
    expect(roundTrip('Image_Deactivate', { immediate: false })).toEqual({ immediate: false });
  });
});

// Outputs the wire carries: a handler's JSON output written by the simulator, read by the
// service's codec and mapping, must be the output again. (Vswitch_Query is written from the
// switches' records and System_WWPN_Query carries neither CPC nor PCHIDs: their fixtures,
// wire.fixtures.spec.ts, show what does come back.)
const OUTPUTS: [SmapiFunction, unknown][] = [
  [
    'System_Information_Query',
    ['VM_VERSION=z/VM 7.2.0', 'REAL_STORAGE=STORAGE=256G CONFIGURED=256G INC=256M STANDBY=0'],
  ],
  ['System_Performance_Information_Query', ['CPU_COUNT=16', 'MEMORY_IN_USE=524288']],
  ['Image_Query_DM', ['USER LINUX01 PW 1G 2G G', 'CPU 00']],
  ['Image_Name_Query_DM', ['LINUX01', 'OPS']],
  ['Image_Status_Query', { active: ['LINUX01'] }],
  [
    'Image_Disk_Query',
    {
      dasd: [
        {
          vdev: '0100',
          rdev: '6000',
          accessType: 'R/W',
          deviceType: '3390',
          size: 10,
          units: 'Cylinders',
          volid: 'EV0001',
        },
      ],
    },
  ],
  [
    'Virtual_Network_Adapter_Query_Extended',
    {
      adapters: [
        {
          vdev: '1000',
          type: 'QDIO',
          status: '02',
          lanOwner: 'SYSTEM',
          lanName: 'VSW1',
          macAddress: '020000000001',
          ipAddress: '10.0.0.5',
          ipVersion: '4',
        },
        {
          vdev: '2000',
          type: 'QDIO',
          status: '00',
          lanOwner: '',
          lanName: '',
          macAddress: '020000000002',
        },
      ],
    },
  ],
  [
    'Virtual_Network_Vswitch_Query_Byte_Stats',
    {
      vswitches: [
        {
          name: 'VSW1',
          nics: [
            {
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
            },
          ],
        },
      ],
    },
  ],
  [
    'Image_Performance_Query',
    {
      guestCpus: 2,
      usedCpuTimeUs: 5_000_000,
      elapsedCpuTimeUs: 9_000_000,
      usedMemKb: 1024,
      maxMemKb: 4096,
      minCpuCount: 2,
      maxCpuLimit: 10000,
      samplesCpuInUse: 7,
      samplesCpuDelay: 1,
      minMemKb: 512,
      sharedMemKb: 0,
    },
  ],
];

describe('output → bytes → output, where the wire carries it', () => {
  it.each(OUTPUTS)('%s', (fn, output) => {
    const wire = encodeWireResponse(fn, 5, 0, 0, wireOutput(fn, { rc: 0, rs: 0, output }));
    expect(SMAPI_MAPPINGS[fn].fromWire(decodeResponse(fn, wire).output)).toEqual(output);
  });
});
