import { cstr, fixed, int1, int4, int8, request, response, seq, sized, str } from './wire.bytes.js';
import type { WireFixture } from './wire.fixture.js';

/**
 * Minidisks, devices and volume space (vmapiImage.h, vmapiImageDiskCreateDm.c,
 * vmapiImageVolumeSpaceQueryDm.c, smcliImage.c, smtLayer/getHost.py).
 */
const ok = { rc: 0, rs: 0 };

/** Image_Disk_Create_DM's parameters after the target, in the reference's order. */
const diskCreate = (
  vdev: string,
  type: string,
  allocation: string,
  area: string,
  unit: number,
  size: number,
): Buffer =>
  seq(
    str(vdev), // image_disk_number
    str(type), // image_disk_device_type
    str(allocation), // image_disk_allocation_type
    str(area), // allocation_area_name_or_volser
    int1(unit), // allocation_unit_size: 1 CYLINDERS, 2 BLK0512 … 5 BLK4096
    int4(size), // image_disk_size
    str('MR'), // image_disk_mode
    int1(1), // image_disk_formatting: 1 unformatted
    str(''), // image_disk_label
    str(''), // read_password
    str(''), // write_password
    str(''), // multi_password
  );

const POOL1 = {
  pool: 'POOL1',
  deviceType: '3390',
  total: 10016,
  free: 6678,
  used: 3338,
  volumes: [
    {
      volser: 'EV0001',
      start: 1,
      size: 10016,
      free: 6678,
      freeExtents: [{ start: 3339, size: 6678 }],
    },
  ],
};

export const IMAGE_DISK_FIXTURES: WireFixture[] = [
  {
    fn: 'Image_Disk_Create_DM',
    title: 'from a group (AUTOG), in cylinders',
    call: {
      target: 'LINUX01',
      params: { vdev: '0100', deviceType: '3390', pool: 'POOL1', units: 3338, mode: 'MR' },
    },
    request: request(
      'Image_Disk_Create_DM',
      'LINUX01',
      diskCreate('0100', '3390', 'AUTOG', 'POOL1', 1, 3338),
    ),
    handler: {
      target: 'LINUX01',
      params: {
        vdev: '0100',
        deviceType: '3390',
        pool: 'POOL1',
        units: 3338,
        mode: 'MR',
        format: 'none',
      },
    },
    reply: { ...ok, output: { vdev: '0100', volser: 'EV0001', start: 1, units: 3338 } },
    response: response(0, 0, int4(0)), // operation id
    output: undefined,
  },
  {
    fn: 'Image_Disk_Create_DM',
    title: 'a virtual disk (V-DISK, FB-512) in 512-byte blocks, no area',
    call: {
      target: 'LINUX01',
      params: {
        vdev: '0101',
        deviceType: 'FB-512',
        allocationType: 'V-DISK',
        units: 200000,
        mode: 'MR',
      },
    },
    request: request(
      'Image_Disk_Create_DM',
      'LINUX01',
      diskCreate('0101', 'FB-512', 'V-DISK', '', 2, 200000),
    ),
    handler: {
      target: 'LINUX01',
      params: {
        vdev: '0101',
        deviceType: 'FB-512',
        allocationType: 'V-DISK',
        units: 200000,
        mode: 'MR',
        format: 'none',
      },
    },
    reply: { ...ok, output: { vdev: '0101', volser: 'V-DISK', start: 0, units: 200000 } },
    response: response(0, 0, int4(0)),
    output: undefined,
  },
  {
    fn: 'Image_Disk_Delete_DM',
    call: { target: 'LINUX01', params: { vdev: '0100' } },
    request: request('Image_Disk_Delete_DM', 'LINUX01', str('0100'), int1(0)), // data_security_erase
    handler: { target: 'LINUX01', params: { vdev: '0100' } },
    reply: ok,
    response: response(0, 0, int4(0)),
    output: undefined,
  },
  {
    fn: 'Image_Disk_Query',
    call: { target: 'LINUX01', params: { vdasdId: 'ALL' } },
    request: request('Image_Disk_Query', 'LINUX01', cstr('vdasd_id=ALL')),
    handler: { target: 'LINUX01', params: { vdasdId: 'ALL' } },
    reply: {
      ...ok,
      output: {
        dasd: [
          {
            vdev: '0100',
            rdev: '6000',
            accessType: 'R/W',
            deviceType: '3390',
            size: 3338,
            units: 'Cylinders',
            volid: 'EV0001',
          },
        ],
      },
    },
    // no array length, no structure length: fixed fields, the volume label ends each
    response: response(
      0,
      0,
      fixed('0100', 4), // vdev
      fixed('6000', 4), // rdev
      int1(2), // access type: R/W
      fixed('3390', 4), // device type
      int8(3338), // size
      int1(1), // unit: cylinders
      cstr('EV0001'), // volume label
    ),
    output: {
      dasd: [
        {
          vdev: '0100',
          rdev: '6000',
          accessType: 'R/W',
          deviceType: '3390',
          size: 3338,
          units: 'Cylinders',
          volid: 'EV0001',
        },
      ],
    },
  },
  {
    fn: 'Image_Volume_Space_Query_DM',
    title: 'definition of one volume',
    call: { target: '*', params: { volume: 'EV0001' } },
    // query_type 1 DEFINITION, entry_type 1 VOLUME, entry_names
    request: request('Image_Volume_Space_Query_DM', '*', int1(1), int1(1), str('EV0001')),
    handler: { target: '*', params: { volume: 'EV0001' } },
    reply: { ...ok, output: POOL1 },
    response: response(0, 0, sized(str('EV0001 3390 10017'))),
    output: {
      pool: '',
      deviceType: '3390',
      total: 10017,
      free: 0,
      used: 10017,
      volumes: [{ volser: 'EV0001', start: 0, size: 10017, free: 0, freeExtents: [] }],
    },
  },
  {
    fn: 'Image_Volume_Space_Query_DM',
    title: 'free extents of a group (the first of two calls)',
    call: { target: '*', params: { pool: 'POOL1' } },
    request: request('Image_Volume_Space_Query_DM', '*', int1(2), int1(3), str('POOL1')),
    handler: { target: '*', params: { pool: 'POOL1' } },
    reply: { ...ok, output: POOL1 },
    response: response(0, 0, sized(str('EV0001 3390 3339 6678 POOL1 EV0001'))),
  },
  {
    // smtLayer getHost.getDiskPoolNames: -q 1 -e 3 and no -n, i.e. an empty entry name
    fn: 'Image_Volume_Space_Query_DM',
    title: 'the reference asking for every group (empty entry name)',
    request: request('Image_Volume_Space_Query_DM', 'DUMMY', int1(1), int1(3), str('')),
    handler: { target: 'DUMMY', params: { pools: [] } },
    reply: { ...ok, output: [POOL1] },
    response: response(0, 0, sized(str('POOL1 EV0001'))),
  },
  {
    // smtLayer getHost.getVolumeInfo: the volume names blank separated in one string
    fn: 'Image_Volume_Space_Query_DM',
    title: 'the reference asking for several volumes (blank separated)',
    request: request(
      'Image_Volume_Space_Query_DM',
      'DUMMY',
      int1(1),
      int1(1),
      str('EV0001 EV0002'),
    ),
    handler: { target: 'DUMMY', params: { volumes: ['EV0001', 'EV0002'] } },
    reply: {
      ...ok,
      output: [POOL1, { ...POOL1, volumes: [{ ...POOL1.volumes[0], volser: 'EV0002' }] }],
    },
    response: response(0, 0, sized(str('EV0001 3390 10017'), str('EV0002 3390 10017'))),
  },
  {
    fn: 'Image_Device_Dedicate_DM',
    call: { target: 'LINUX01', params: { vdev: '1B0E', realDevice: '1B0E' } },
    // image_device_number, real_device_number, readonly 0
    request: request('Image_Device_Dedicate_DM', 'LINUX01', str('1B0E'), str('1B0E'), int1(0)),
    handler: { target: 'LINUX01', params: { vdev: '1B0E', realDevice: '1B0E' } },
    reply: ok,
    response: response(0, 0),
    output: undefined,
  },
  {
    fn: 'Image_Device_Undedicate_DM',
    call: { target: 'LINUX01', params: { vdev: '1B0E' } },
    request: request('Image_Device_Undedicate_DM', 'LINUX01', str('1B0E')),
    handler: { target: 'LINUX01', params: { vdev: '1B0E' } },
    reply: ok,
    response: response(0, 0),
    output: undefined,
  },
];
