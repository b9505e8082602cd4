import type { FunctionLayout, InputField, OutputField } from './layout.types.js';

/** `keyword=value` parameters, each NUL-terminated, to the end of the request. */
const keys: readonly InputField[] = [{ name: 'keys', kind: 'cstrings' }];
/** The same with a 4-byte total in front (only some functions send it). */
const countedKeys: readonly InputField[] = [{ name: 'keys', kind: 'cstringsCounted' }];
const vdev: readonly InputField[] = [{ name: 'imageDeviceNumber', kind: 'string' }];
const vdevAndSwitch: readonly InputField[] = [...vdev, { name: 'switchName', kind: 'string' }];
/** Answers made of NUL-terminated `keyword: value` lines. */
const lines: readonly OutputField[] = [{ name: 'lines', kind: 'cstrings' }];

/** One list of NUL-terminated lines inside a Vswitch_Query_Extended entry. */
const lineList = (name: string): OutputField => ({
  name,
  kind: 'array',
  size: 'bytes',
  framed: false,
  fields: [{ name: 'line', kind: 'cstring' }],
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
          { name: 'switchName', kind: 'string' },
          { name: 'transportType', kind: 'int1' },
          { name: 'portType', kind: 'int1' },
          { name: 'queueMemoryLimit', kind: 'int4' },
          { name: 'routingValue', kind: 'int1' },
          { name: 'vlanId', kind: 'int4' },
          { name: 'nativeVlanId', kind: 'int4' },
          { name: 'macId', kind: 'int8' },
          { name: 'grvpRequestAttribute', kind: 'int1' },
          { name: 'grvpEnabledAttribute', kind: 'int1' },
          { name: 'switchStatus', kind: 'int1' },
          {
            name: 'realDevices',
            kind: 'array',
            size: 'bytes',
            framed: true,
            fields: [
              { name: 'realDeviceAddress', kind: 'int4' },
              { name: 'controllerName', kind: 'string' },
              { name: 'portName', kind: 'string' },
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
              { name: 'grantUserid', kind: 'string' },
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
              { name: 'adapterOwner', kind: 'string' },
              { name: 'imageDeviceNumber', kind: 'string' },
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
          // The server sends a length word before the attribute line; the line is read to its NUL.
          { name: 'attributesLength', kind: 'int4' },
          { name: 'attributes', kind: 'cstring' },
          lineList('realDevices'),
          lineList('authorizedUsers'),
          lineList('connectedAdapters'),
          lineList('uplinkNics'),
          lineList('globalMembers'),
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
