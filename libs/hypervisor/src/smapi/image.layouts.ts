import type { FunctionLayout, OutputField } from './layout.types.js';

/** Directory-manager calls that run asynchronously answer an operation id. */
const operationId: readonly OutputField[] = [{ name: 'operationId', kind: 'int4' }];

/** Image_Activate / Image_Deactivate: counts, then the users that failed with their codes. */
const activation = (done: string, notDone: string): readonly OutputField[] => [
  { name: done, kind: 'int4' },
  { name: notDone, kind: 'int4' },
  {
    name: 'failing',
    kind: 'array',
    size: 'bytes',
    framed: true,
    fields: [
      { name: 'imageName', kind: 'string', min: 1, max: 8 },
      { name: 'returnCode', kind: 'int4' },
      { name: 'reasonCode', kind: 'int4' },
    ],
  },
];

/**
 * Lists of names or records: byte length, then one length-prefixed string each (no structure
 * lengths), within the reference parser's limits.
 */
const stringList = (
  name: string,
  field: string,
  min: number,
  max?: number,
): readonly OutputField[] => [
  {
    name,
    kind: 'array',
    size: 'bytes',
    framed: false,
    fields: [{ name: field, kind: 'string', min, max }],
  },
];

export const IMAGE_LAYOUTS = {
  Image_Create_DM: {
    header: 'standard',
    input: [
      { name: 'prototypeName', kind: 'string' },
      { name: 'initialPassword', kind: 'string' },
      { name: 'initialAccountNumber', kind: 'string' },
      { name: 'directory', kind: 'records' },
    ],
    output: operationId,
  },
  Image_Delete_DM: {
    header: 'standard',
    input: [{ name: 'dataSecurityErase', kind: 'int1' }],
    output: operationId,
  },
  // Each record an 80-column card image: the statement, then its sequence number in 73–80.
  Image_Query_DM: {
    header: 'standard',
    input: [],
    output: stringList('directory', 'record', 1, 80),
  },
  Image_Name_Query_DM: { header: 'standard', input: [], output: stringList('names', 'name', 1, 8) },
  Image_Activate: {
    header: 'standard',
    input: [],
    output: activation('activated', 'notActivated'),
  },
  Image_Deactivate: {
    header: 'standard',
    input: [{ name: 'forceTime', kind: 'string' }],
    output: activation('deactivated', 'notDeactivated'),
  },
  Image_Disk_Create_DM: {
    header: 'standard',
    input: [
      { name: 'imageDiskNumber', kind: 'string' },
      { name: 'imageDiskDeviceType', kind: 'string' },
      { name: 'imageDiskAllocationType', kind: 'string' },
      { name: 'allocationAreaNameOrVolser', kind: 'string' },
      { name: 'allocationUnitSize', kind: 'int1' },
      { name: 'imageDiskSize', kind: 'int4' },
      { name: 'imageDiskMode', kind: 'string' },
      { name: 'imageDiskFormatting', kind: 'int1' },
      { name: 'imageDiskLabel', kind: 'string' },
      { name: 'readPassword', kind: 'string' },
      { name: 'writePassword', kind: 'string' },
      { name: 'multiPassword', kind: 'string' },
    ],
    output: operationId,
  },
  Image_Disk_Delete_DM: {
    header: 'standard',
    input: [
      { name: 'imageDiskNumber', kind: 'string' },
      { name: 'dataSecurityErase', kind: 'int1' },
    ],
    output: operationId,
  },
  // One `vdasd_id=ALL|<vdev>` string with its NUL (the C client sends no count before it).
  // The answer is an array with neither a byte length nor per-structure lengths: fixed-size
  // structures to the end of the output, each closed by the volume label's NUL
  // (vmapiImage.h Image_Disk_Query_Layout: ARRAY_NO_LENGTH, NOBUFFER_STRUCT_LEN).
  Image_Disk_Query: {
    header: 'standard',
    input: [{ name: 'keys', kind: 'cstrings' }],
    output: [
      {
        name: 'dasd',
        kind: 'array',
        size: 'rest',
        framed: false,
        fields: [
          { name: 'vdev', kind: 'fixed', size: 4 },
          { name: 'rdev', kind: 'fixed', size: 4 },
          // 1 R/O, 2 R/W
          { name: 'accessType', kind: 'int1' },
          { name: 'deviceType', kind: 'fixed', size: 4 },
          { name: 'size', kind: 'int8' },
          // 1 cylinders, 2 blocks
          { name: 'unit', kind: 'int1' },
          { name: 'volid', kind: 'cstring' },
        ],
      },
    ],
  },
  Image_Status_Query: { header: 'standard', input: [], output: stringList('active', 'name', 1, 8) },
  Image_Volume_Space_Query_DM: {
    header: 'standard',
    input: [
      { name: 'queryType', kind: 'int1' },
      { name: 'entryType', kind: 'int1' },
      { name: 'entryNames', kind: 'string' },
    ],
    output: stringList('records', 'record', 1),
  },
  Image_Device_Dedicate_DM: {
    header: 'standard',
    input: [
      { name: 'imageDeviceNumber', kind: 'string' },
      { name: 'realDeviceNumber', kind: 'string' },
      { name: 'readonly', kind: 'int1' },
    ],
    output: [],
  },
  Image_Device_Undedicate_DM: {
    header: 'standard',
    input: [{ name: 'imageDeviceNumber', kind: 'string' }],
    output: [],
  },
  // PAUSE=YES or PAUSE=NO, sent bare: no length field and no terminator.
  Image_Pause: { header: 'standard', input: [{ name: 'pause', kind: 'raw' }], output: [] },
  Image_Lock_DM: {
    header: 'standard',
    input: [{ name: 'deviceAddress', kind: 'string' }],
    output: [],
  },
  Image_Unlock_DM: {
    header: 'standard',
    input: [{ name: 'deviceAddress', kind: 'string' }],
    output: [],
  },
  Image_Replace_DM: {
    header: 'standard',
    input: [{ name: 'directory', kind: 'records' }],
    output: [],
  },
  // vmapiImageConsoleGet.c: the common header alone; the answer is codes only
  Image_Console_Get: { header: 'standard', input: [], output: [] },
  // smcliUnDocumented.c: the target identifier is the caller; the guests follow it as
  // NUL-terminated names. The answer's guest name is the one field left in EBCDIC.
  Image_Performance_Query: {
    header: 'standard',
    input: [{ name: 'guests', kind: 'cstrings' }],
    output: [
      {
        name: 'records',
        kind: 'array',
        size: 'count',
        framed: true,
        fields: [
          { name: 'recordVersion', kind: 'int4' },
          { name: 'guestFlags', kind: 'int4' },
          { name: 'usedCpuTime', kind: 'int8' },
          { name: 'elapsedTime', kind: 'int8' },
          { name: 'minMemory', kind: 'int8' },
          { name: 'maxMemory', kind: 'int8' },
          { name: 'sharedMemory', kind: 'int8' },
          { name: 'usedMemory', kind: 'int8' },
          { name: 'activeCpusInCec', kind: 'int4' },
          { name: 'logicalCpusInVm', kind: 'int4' },
          { name: 'guestCpus', kind: 'int4' },
          { name: 'minCpuCount', kind: 'int4' },
          { name: 'maxCpuLimit', kind: 'int4' },
          { name: 'processorShare', kind: 'int4' },
          { name: 'samplesCpuInUse', kind: 'int4' },
          { name: 'samplesCpuDelay', kind: 'int4' },
          { name: 'samplesPageWait', kind: 'int4' },
          { name: 'samplesIdle', kind: 'int4' },
          { name: 'samplesOther', kind: 'int4' },
          { name: 'samplesTotal', kind: 'int4' },
          { name: 'guestName', kind: 'fixed', size: 8, ebcdic: true },
        ],
      },
    ],
  },
} as const satisfies Record<string, FunctionLayout>;
