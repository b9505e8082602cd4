import { decodeResponse, encodeRequest } from '#hypervisor';
import { decodeWireRequest, WireRequestError } from './wire.request.js';
import { encodeWireResponse } from './wire.response.js';

// The simulator's own reading and writing, checked against the client's codec and by hand.
const caller = { userid: 'MAINT', password: 'pw', target: 'LINUX01' };
const body = (request: Buffer): Buffer => request.subarray(4);

describe('simulator wire request decoding', () => {
  it.each([
    [
      'Image_Disk_Create_DM',
      { imageDiskNumber: '0100', allocationUnitSize: 1, imageDiskSize: 3338 },
    ],
    ['Image_Create_DM', { directory: ['USER LINUX01 PW 1G 2G G', 'CPU 00'] }],
    ['Image_Pause', { pause: 'PAUSE=NO' }],
    ['Virtual_Network_Adapter_Query_Extended', { keys: ['image_device_number=*'] }],
    ['Image_Disk_Query', { keys: ['vdasd_id=ALL'] }],
    [
      'Virtual_Network_Vswitch_Set_Extended',
      { keys: ['switch_name=VSW1', 'grant_userid=LINUX01'] },
    ],
  ] as const)('reads %s as the client wrote it', (fn, values) => {
    const got = decodeWireRequest(body(encodeRequest(fn, caller, values)));
    expect(got).toMatchObject({ fn, userid: 'MAINT', password: 'pw', target: 'LINUX01' });
    expect(got.values).toMatchObject(values);
  });

  it('reads the short header of System_Info_Query', () => {
    expect(decodeWireRequest(body(encodeRequest('System_Info_Query', caller)))).toEqual({
      fn: 'System_Info_Query',
      userid: '',
      password: '',
      target: '',
      values: {},
    });
  });

  it('refuses an unknown function and bytes beyond the parameters', () => {
    const unknown = Buffer.concat([Buffer.from('00000003', 'hex'), Buffer.from('Foo')]);
    expect(() => decodeWireRequest(unknown)).toThrow(WireRequestError);
    const extra = Buffer.concat([
      body(encodeRequest('Image_Lock_DM', caller)),
      Buffer.from('xyzzy'),
    ]);
    expect(() => decodeWireRequest(extra)).toThrow(/5 bytes after/);
  });
});

describe('simulator wire response encoding', () => {
  it('Image_Name_Query_DM, byte for byte: request id, length, codes, then the name list', () => {
    const names =
      '00000007' +
      Buffer.from('LINUX01').toString('hex') +
      '00000003' +
      Buffer.from('OPS').toString('hex');
    // list 4+7+4+3 = 18 = 0x12; body 12 + 4 + 18 = 34 = 0x22
    expect(
      encodeWireResponse('Image_Name_Query_DM', 3, 0, 0, {
        names: [{ name: 'LINUX01' }, { name: 'OPS' }],
      }),
    ).toEqual(
      Buffer.from(
        '00000003' + '00000022' + '00000003' + '00000000' + '00000000' + '00000012' + names,
        'hex',
      ),
    );
  });

  it('writes nested arrays of structures the client reads back unchanged', () => {
    const output = {
      vswitches: [
        {
          switchName: 'VSW1',
          transportType: 2,
          portType: 1,
          queueMemoryLimit: 8,
          routingValue: 2,
          vlanId: 100,
          nativeVlanId: 1,
          macId: 0x02000000abcdn,
          grvpRequestAttribute: 0,
          grvpEnabledAttribute: 0,
          switchStatus: 3,
          realDevices: [
            {
              realDeviceAddress: 0x1000,
              controllerName: 'DTCVSW1',
              portName: '',
              deviceStatus: 1,
              deviceErrorStatus: 0,
            },
          ],
          authorizedUsers: [
            { grantUserid: 'LINUX01', vlans: [{ userVlanId: 100 }, { userVlanId: 200 }] },
          ],
          connectedAdapters: [{ adapterOwner: 'LINUX01', imageDeviceNumber: '1000' }],
        },
      ],
    };
    const wire = encodeWireResponse('Virtual_Network_Vswitch_Query', 11, 0, 0, output);
    expect(decodeResponse('Virtual_Network_Vswitch_Query', wire)).toEqual({
      requestId: 11,
      rc: 0,
      rs: 0,
      output,
    });
  });

  it('Image_Disk_Query, byte for byte: the structures follow the codes with no length', () => {
    const dasd = {
      vdev: '0100',
      rdev: '6000',
      accessType: 2,
      deviceType: '3390',
      size: 10n,
      unit: 1,
      volid: 'EV0001',
    };
    const entry =
      Buffer.from('0100' + '6000').toString('hex') +
      '02' +
      Buffer.from('3390').toString('hex') +
      '000000000000000a' +
      '01' +
      Buffer.from('EV0001').toString('hex') +
      '00';
    // body 12 + 29 = 41 = 0x29
    const wire = encodeWireResponse('Image_Disk_Query', 6, 0, 0, { dasd: [dasd] });
    expect(wire).toEqual(
      Buffer.from('00000006' + '00000029' + '00000006' + '00000000' + '00000000' + entry, 'hex'),
    );
    expect(decodeResponse('Image_Disk_Query', wire).output).toEqual({ dasd: [dasd] });
  });

  it('a failure carries its codes only, or the error data its layout allows', () => {
    expect(encodeWireResponse('Image_Activate', 4, 200, 8)).toEqual(
      Buffer.from('00000004' + '0000000c' + '00000004' + '000000c8' + '00000008', 'hex'),
    );
    const refused = encodeWireResponse('VMRELOCATE', 5, 8, 3000, { errorData: 'HCPRLH1940E' });
    expect(decodeResponse('VMRELOCATE', refused).output).toEqual({ errorData: 'HCPRLH1940E' });
  });
});
