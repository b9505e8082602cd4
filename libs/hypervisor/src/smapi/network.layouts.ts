import type { FunctionLayout, InputField, OutputField } from './layout.types.js';

/** `keyword=value` parameters, each NUL-terminated, to the end of the request. */
const keys: readonly InputField[] = [{ name: 'keys', kind: 'cstrings' }];
/** The same with a 4-byte total in front (only some functions send it). */
const countedKeys: readonly InputField[] = [{ name: 'keys', kind: 'cstringsCounted' }];
const vdev: readonly InputField[] = [{ name: 'imageDeviceNumber', kind: 'string' }];
const vdevAndSwitch: readonly InputField[] = [...vdev, { name: 'switchName', kind: 'string' }];
/** Answers made of NUL-terminated strings to the end of the output. */
const lines: readonly OutputField[] = [{ name: 'lines', kind: 'cstrings' }];

/**
 * One list of NUL-terminated strings of blank-separated positional values inside a
 * Vswitch_Query_Extended entry, each at most `max` characters.
 */
const lineList = (name: string, max?: number): OutputField => ({
  name,
  kind: 'array',
  size: 'bytes',
  framed: false,
  fields: [{ name: 'line', kind: 'cstring', min: 0, max }],
});

export const NETWORK_LAYOUTS = {
  Virtual_Network_Vswitch_Query: {
    header: 'standard',
    input: [{ name: 'switchName', kind: 'string' }],
    output: [
      {
        name: 'vswitches',
        kind: 'array',
        size: 'bytes',
        framed: true,
        fields: [
          { name: 'switchName', kind: 'string', min: 1, max: 8 },
          // 1 IP, 2 ETHERNET
          { name: 'transportType', kind: 'int1' },
          // 1 ACCESS, 2 TRUNK
          { name: 'portType', kind: 'int1' },
          { name: 'queueMemoryLimit', kind: 'int4' },
          // 1 NONROUTER, 2 PRIROUTER
          { name: 'routingValue', kind: 'int1' },
          // 32768: none (VLAN unaware)
          { name: 'vlanId', kind: 'int4' },
          { name: 'nativeVlanId', kind: 'int4' },
          { name: 'macId', kind: 'int8' },
          // 1 GVRP, 2 NOGVRP
          { name: 'grvpRequestAttribute', kind: 'int1' },
          { name: 'grvpEnabledAttribute', kind: 'int1' },
          // 1 defined … 8 OSA device ready … 12 (smcliVirtual.c lists them)
          { name: 'switchStatus', kind: 'int1' },
          {
            name: 'realDevices',
            kind: 'array',
            size: 'bytes',
            framed: true,
            fields: [
              { name: 'realDeviceAddress', kind: 'int4' },
              { name: 'controllerName', kind: 'string', min: 0, max: 71 },
              { name: 'portName', kind: 'string', min: 0, max: 16 },
              { name: 'deviceStatus', kind: 'int1' },
              { name: 'deviceErrorStatus', kind: 'int1' },
            ],
          },
          {
            name: 'authorizedUsers',
            kind: 'array',
            size: 'bytes',
            framed: true,
            fields: [
              { name: 'grantUserid', kind: 'string', min: 1, max: 8 },
              {
                name: 'vlans',
                kind: 'array',
                size: 'bytes',
                framed: true,
                fields: [{ name: 'userVlanId', kind: 'int4' }],
              },
            ],
          },
          {
            name: 'connectedAdapters',
            kind: 'array',
            size: 'bytes',
            framed: true,
            fields: [
              { name: 'adapterOwner', kind: 'string', min: 1, max: 8 },
              { name: 'imageDeviceNumber', kind: 'string', min: 1, max: 4 },
            ],
          },
        ],
      },
    ],
  },
  Virtual_Network_Vswitch_Create_Extended: { header: 'standard', input: keys, output: [] },
  Virtual_Network_Vswitch_Query_Extended: {
    header: 'standard',
    input: keys,
    output: [
      {
        name: 'vswitches',
        kind: 'array',
        size: 'count',
        framed: true,
        fields: [
          // A length word before the attributes, which are read to their NUL: positional
          // values (smcliVirtual.c reads them in order), at most 400 characters.
          { name: 'attributesLength', kind: 'int4' },
          { name: 'attributes', kind: 'cstring', min: 1, max: 400 },
          lineList('realDevices', 90),
          lineList('authorizedUsers'),
          lineList('connectedAdapters', 41),
          lineList('uplinkNics', 15),
          lineList('globalMembers', 99),
        ],
      },
    ],
  },
  Virtual_Network_Vswitch_Delete_Extended: { header: 'standard', input: keys, output: [] },
  Virtual_Network_Vswitch_Set_Extended: { header: 'standard', input: keys, output: [] },
  Virtual_Network_Adapter_Create_Extended_DM: {
    header: 'standard',
    input: countedKeys,
    output: [],
  },
  Virtual_Network_Adapter_Create_Extended: { header: 'standard', input: keys, output: [] },
  Virtual_Network_Adapter_Delete_DM: { header: 'standard', input: vdev, output: [] },
  Virtual_Network_Adapter_Delete: { header: 'standard', input: vdev, output: [] },
  Virtual_Network_Adapter_Connect_Vswitch_DM: {
    header: 'standard',
    input: vdevAndSwitch,
    output: [],
  },
  Virtual_Network_Adapter_Connect_Vswitch: { header: 'standard', input: vdevAndSwitch, output: [] },
  Virtual_Network_Adapter_Disconnect_DM: { header: 'standard', input: vdev, output: [] },
  Virtual_Network_Adapter_Disconnect: { header: 'standard', input: vdev, output: [] },
  Virtual_Network_Adapter_Query_Extended: {
    header: 'standard',
    input: countedKeys,
    output: lines,
  },
  Virtual_Network_Vswitch_Query_Byte_Stats: { header: 'standard', input: keys, output: lines },
} as const satisfies Record<string, FunctionLayout>;
