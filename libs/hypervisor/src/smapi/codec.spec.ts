import { SmapiCodecError } from './codec.error.js';
import { encodeRequest, encodeResponseRecovery } from './request.codec.js';
import { decodeResponse } from './response.codec.js';

/**
 * Buffers written out by hand from the protocol's layouts: lengths as literal hex words,
 * text as its characters. `w` is a 4-byte big-endian word, `t` text, `b` raw hex bytes.
 */
const w = (n: number): string => n.toString(16).padStart(8, '0');
const t = (s: string): string => Buffer.from(s, 'latin1').toString('hex');
const b = (...parts: string[]): Buffer => Buffer.from(parts.join('').replace(/\s+/g, ''), 'hex');

const caller = { userid: 'MAINT', password: 'pw', target: 'LINUX01' };
// function name length and text, then MAINT, pw and LINUX01, each length-prefixed
const head = (fn: string): string =>
  w(fn.length) + t(fn) + '00000005' + t('MAINT') + '00000002' + t('pw') + '00000007' + t('LINUX01');

describe('SMAPI request encoding', () => {
  it('Image_Delete_DM: header, then the data-security-erase byte', () => {
    // 4+15 + 4+5 + 4+2 + 4+7 + 1 = 46 bytes after the total
    expect(encodeRequest('Image_Delete_DM', caller, { dataSecurityErase: 0 })).toEqual(
      b('0000002e', head('Image_Delete_DM'), '00'),
    );
  });

  it('Image_Disk_Create_DM: strings, unit byte, size word, formatting byte in order', () => {
    const got = encodeRequest('Image_Disk_Create_DM', caller, {
      imageDiskNumber: '0100',
      imageDiskDeviceType: '3390',
      imageDiskAllocationType: 'AUTOG',
      allocationAreaNameOrVolser: 'POOL1',
      allocationUnitSize: 1,
      imageDiskSize: 3338,
      imageDiskMode: 'MR',
      imageDiskFormatting: 0,
    });
    const params =
      '00000004' +
      t('0100') +
      '00000004' +
      t('3390') +
      '00000005' +
      t('AUTOG') +
      '00000005' +
      t('POOL1') +
      '01' +
      '00000d0a' +
      '00000002' +
      t('MR') +
      '00' +
      '00000000' +
      '00000000' +
      '00000000' +
      '00000000';
    // header 4+20+4+5+4+2+4+7 = 50; params 8+8+9+9+1+4+6+1+16 = 62
    expect(got).toEqual(b(w(112), head('Image_Disk_Create_DM'), params));
  });

  it('System_Info_Query: the short header, 0xFF and the NUL-terminated name only', () => {
    expect(encodeRequest('System_Info_Query', caller)).toEqual(
      b('00000013', 'ff', t('System_Info_Query'), '00'),
    );
  });

  it('System_Information_Query: the standard header and nothing after it', () => {
    // 4+24 + 4+5 + 4+2 + 4+7 = 54 = 0x36
    expect(encodeRequest('System_Information_Query', caller)).toEqual(
      b('00000036', head('System_Information_Query')),
    );
  });

  it('System_Performance_Information_Query: a byte total before the NUL-terminated keys', () => {
    const got = encodeRequest('System_Performance_Information_Query', caller, {
      keys: ['detailed_cpu=show=no'],
    });
    // header 4+36 + 4+5 + 4+2 + 4+7 = 66; keys 4 + 20+1 = 25; 91 = 0x5b
    expect(got).toEqual(
      b(
        '0000005b',
        head('System_Performance_Information_Query'),
        '00000015',
        t('detailed_cpu=show=no'),
        '00',
      ),
    );
  });

  it('Image_Create_DM: directory records as a byte total of length-prefixed lines', () => {
    const got = encodeRequest('Image_Create_DM', caller, {
      directory: ['USER LINUX01 PW 1G 2G G', 'CPU 00'],
    });
    // records: 4+23 + 4+6 = 37 = 0x25
    const params =
      '00000000' +
      '00000000' +
      '00000000' +
      '00000025' +
      '00000017' +
      t('USER LINUX01 PW 1G 2G G') +
      '00000006' +
      t('CPU 00');
    expect(got).toEqual(
      b(w(4 + 15 + 4 + 5 + 4 + 2 + 4 + 7 + 12 + 4 + 37), head('Image_Create_DM'), params),
    );
  });

  it('Image_Console_Get: the standard header alone (the guest is the target)', () => {
    // 4+17 + 4+5 + 4+2 + 4+7 = 47 = 0x2f; vmapiImageConsoleGet.c sends no parameter after it
    expect(encodeRequest('Image_Console_Get', caller, {})).toEqual(
      b(
        '0000002f',
        '00000011',
        t('Image_Console_Get'),
        '00000005',
        t('MAINT'),
        '00000002',
        t('pw'),
        '00000007',
        t('LINUX01'),
      ),
    );
  });

  it('Image_Pause: PAUSE=YES bare, with neither length nor terminator', () => {
    expect(encodeRequest('Image_Pause', caller, { pause: 'PAUSE=YES' })).toEqual(
      b(w(4 + 11 + 4 + 5 + 4 + 2 + 4 + 7 + 9), head('Image_Pause'), t('PAUSE=YES')),
    );
  });

  it('Virtual_Network_Adapter_Create_Extended_DM: a byte total before the NUL-terminated keys', () => {
    const got = encodeRequest('Virtual_Network_Adapter_Create_Extended_DM', caller, {
      keys: ['image_device_number=1000', 'adapter_type=QDIO'],
    });
    // 24+1 + 17+1 = 43 = 0x2b
    const keys = '0000002b' + t('image_device_number=1000') + '00' + t('adapter_type=QDIO') + '00';
    expect(got).toEqual(
      b(
        w(4 + 42 + 4 + 5 + 4 + 2 + 4 + 7 + 4 + 43),
        head('Virtual_Network_Adapter_Create_Extended_DM'),
        keys,
      ),
    );
  });

  it('Image_Disk_Query: the vdasd_id keyword with its NUL, no count before it', () => {
    // header 4+16 + 4+5 + 4+2 + 4+7 = 46; 'vdasd_id=ALL' + NUL = 13; total 59 = 0x3b
    expect(encodeRequest('Image_Disk_Query', caller, { keys: ['vdasd_id=ALL'] })).toEqual(
      b('0000003b', head('Image_Disk_Query'), t('vdasd_id=ALL'), '00'),
    );
  });

  it('Response_Recovery: empty userid and password, target MAINT, then the request id', () => {
    expect(encodeResponseRecovery(0x1234)).toEqual(
      b(
        '0000002a',
        '00000011',
        t('Response_Recovery'),
        '00000000',
        '00000000',
        '00000005',
        t('MAINT'),
        '00001234',
      ),
    );
  });

  it('refuses a parameter the function does not take, and a value of the wrong kind', () => {
    expect(() => encodeRequest('Image_Delete_DM', caller, { vdev: '0100' })).toThrow(
      SmapiCodecError,
    );
    expect(() => encodeRequest('Image_Delete_DM', caller, { dataSecurityErase: 256 })).toThrow(
      /integer 0..255/,
    );
  });
});

describe('SMAPI response decoding', () => {
  it('Image_Disk_Create_DM: codes, then the operation id', () => {
    const wire = b('0000002a', '00000010', '0000002a', '00000000', '00000000', '00000007');
    expect(decodeResponse('Image_Disk_Create_DM', wire)).toEqual({
      requestId: 42,
      rc: 0,
      rs: 0,
      output: { operationId: 7 },
    });
  });

  it('Image_Console_Get: request id, rc and rs only (8/8: not logged on or not spooling)', () => {
    const wire = b('00000003', '0000000c', '00000003', '00000008', '00000008');
    expect(decodeResponse('Image_Console_Get', wire)).toEqual({
      requestId: 3,
      rc: 8,
      rs: 8,
      output: {},
    });
  });

  it('Image_Activate: an array of framed structures naming the users that failed', () => {
    // one failing entry: 4+7 name, rc 200, rs 12 = 19 bytes, framed = 23 = 0x17
    const entry = '00000013' + '00000007' + t('LINUX02') + '000000c8' + '0000000c';
    const body =
      '00000009' + '00000004' + '00000000' + '00000001' + '00000001' + '00000017' + entry;
    const wire = b('00000009', w(body.length / 2), body);
    expect(decodeResponse('Image_Activate', wire)).toEqual({
      requestId: 9,
      rc: 4,
      rs: 0,
      output: {
        activated: 1,
        notActivated: 1,
        failing: [{ imageName: 'LINUX02', returnCode: 200, reasonCode: 12 }],
      },
    });
  });

  // Framing only: the strings' positional values are in the fixtures (vswitch.fixtures.ts).
  it('Virtual_Network_Vswitch_Query_Extended: counted structures with nested line lists', () => {
    const attrs = t('switch_name=VSW1 vlan_awareness=AWARE') + '00'; // 37 + 1 = 38
    const real = t('real_device_address=1000') + '00'; // 25
    const user = t('port_num=0000 grant_userid=LINUX01') + '00'; // 35
    const vswitch =
      '00000026' +
      attrs +
      '00000019' +
      real +
      '00000023' +
      user +
      '00000000' +
      '00000000' +
      '00000000';
    // 4+38 + 4+25 + 4+35 + 4+4+4 = 122 = 0x7a
    const body = '00000001' + '00000000' + '00000000' + '00000001' + '0000007a' + vswitch;
    const wire = b('00000001', w(body.length / 2), body);
    expect(decodeResponse('Virtual_Network_Vswitch_Query_Extended', wire).output).toEqual({
      vswitches: [
        {
          attributesLength: 38,
          attributes: 'switch_name=VSW1 vlan_awareness=AWARE',
          realDevices: [{ line: 'real_device_address=1000' }],
          authorizedUsers: [{ line: 'port_num=0000 grant_userid=LINUX01' }],
          connectedAdapters: [],
          uplinkNics: [],
          globalMembers: [],
        },
      ],
    });
  });

  it('Image_Performance_Query: 8-byte counters and the guest name in EBCDIC', () => {
    const ints = (n: number): string => Array.from({ length: n }, (_, i) => w(i + 1)).join('');
    const record =
      ints(2) +
      '0000000000000064' +
      '00000000000003e8' +
      '0000000000100000' +
      '0000000000200000' +
      '0000000000000000' +
      '0000000000080000' +
      ints(12) +
      'd3c9d5e4e7f0f140'; // LINUX01 and a blank, EBCDIC
    // 2*4 + 6*8 + 12*4 + 8 = 112 = 0x70
    const body = '00000003' + '00000000' + '00000000' + '00000001' + '00000070' + record;
    const out = decodeResponse(
      'Image_Performance_Query',
      b('00000003', w(body.length / 2), body),
    ).output;
    const [rec] = out.records as Record<string, unknown>[];
    expect(rec).toMatchObject({
      recordVersion: 1,
      guestFlags: 2,
      usedCpuTime: 100n,
      elapsedTime: 1000n,
      usedMemory: 0x80000n,
      guestCpus: 3,
      samplesTotal: 12,
      guestName: 'LINUX01 ',
    });
  });

  it('Image_Disk_Query: unlengthed structures to the end, each ending in the label NUL', () => {
    // vdev, rdev, access (2 = R/W), type, 8-byte size, unit (1 = cylinders), label + NUL
    const eckd =
      t('0100') + t('6018') + '02' + t('3390') + '0000000000004445' + '01' + t('VM6018') + '00';
    // a shorter label: the NUL, not a fixed width, ends the structure
    const fba = t('0101') + t('7001') + '01' + t('9336') + '0000000000200000' + '02' + t('FB1');
    const body = '00000007' + '00000000' + '00000000' + eckd + fba + '00';
    // 12 + (4+4+1+4+8+1+7) + (4+4+1+4+8+1+4) = 12 + 29 + 26 = 67 = 0x43
    expect(w(body.length / 2)).toBe('00000043');
    expect(decodeResponse('Image_Disk_Query', b('00000007', '00000043', body)).output).toEqual({
      dasd: [
        {
          vdev: '0100',
          rdev: '6018',
          accessType: 2,
          deviceType: '3390',
          size: 17477n,
          unit: 1,
          volid: 'VM6018',
        },
        {
          vdev: '0101',
          rdev: '7001',
          accessType: 1,
          deviceType: '9336',
          size: 2097152n,
          unit: 2,
          volid: 'FB1',
        },
      ],
    });
    // a user with no DASD: codes only, an empty array
    const none = '00000008' + '00000000' + '00000000';
    expect(decodeResponse('Image_Disk_Query', b('00000008', '0000000c', none)).output).toEqual({});
  });

  it('System_Info_Query: NUL-terminated fields in order, within the reference limits', () => {
    const answer = (fields: string[]): Buffer => {
      const body = '00000005' + '00000000' + '00000000' + fields.map((f) => t(f) + '00').join('');
      return b('00000005', w(body.length / 2), body);
    };
    const fields = [
      'UTC +00:00',
      '11/26/26 08:00:00',
      'z/VM 7.2.0',
      '01/01/26',
      '11/01/26',
      '64G ',
    ];
    expect(decodeResponse('System_Info_Query', answer(fields)).output).toEqual({
      timezone: 'UTC +00:00',
      time: '11/26/26 08:00:00',
      vmVersion: 'z/VM 7.2.0',
      cpGenTime: '01/01/26',
      cpIplTime: '11/01/26',
      realStorageSize: '64G ',
    });
    // vmapiUnDocumented.h: 4–43 characters; a 3-character zone or an empty CP generation
    // time makes the reference's parser refuse the whole answer, and ours too
    const short = ['UTC', ...fields.slice(1)];
    expect(() => decodeResponse('System_Info_Query', answer(short))).toThrow(SmapiCodecError);
    const noGen = [...fields.slice(0, 3), '', ...fields.slice(4)];
    expect(() => decodeResponse('System_Info_Query', answer(noGen))).toThrow(/cpGenTime/);
  });

  it('System_Information_Query: a byte count, then NUL-terminated lines filling it', () => {
    const lines = ['VM_VERSION=z/VM 7.2.0', 'REAL_STORAGE=STORAGE=256G CONFIGURED=256G'];
    // 21+1 + 41+1 = 64 = 0x40
    const body =
      '00000005' + '00000000' + '00000000' + '00000040' + lines.map((l) => t(l) + '00').join('');
    expect(
      decodeResponse('System_Information_Query', b('00000005', w(body.length / 2), body)).output,
    ).toEqual({ lines });
  });

  it('System_Performance_Information_Query: an empty buffer is no lines; a short one fails', () => {
    const empty = '00000006' + '00000000' + '00000000' + '00000000';
    expect(
      decodeResponse('System_Performance_Information_Query', b('00000006', '00000010', empty))
        .output,
    ).toEqual({ lines: [] });
    // says 32 bytes, carries 14
    const short = '00000006' + '00000000' + '00000000' + '00000020' + t('MEMORY_IN_USE') + '00';
    expect(() =>
      decodeResponse(
        'System_Performance_Information_Query',
        b('00000006', w(short.length / 2), short),
      ),
    ).toThrow(/needs 32 bytes/);
  });

  it('VMRELOCATE: a refusal carries its error data; success has none', () => {
    const failed = '00000002' + '00000008' + '00000fa0' + t('HCPRLH1940E');
    expect(decodeResponse('VMRELOCATE', b('00000002', w(failed.length / 2), failed))).toEqual({
      requestId: 2,
      rc: 8,
      rs: 4000,
      output: { errorData: 'HCPRLH1940E' },
    });
    const ok = '00000002' + '00000000' + '00000000';
    expect(decodeResponse('VMRELOCATE', b('00000002', '0000000c', ok)).output).toEqual({});
  });

  it('fails clearly on a truncated array, a length mismatch and a foreign request id', () => {
    const short = '00000001' + '00000000' + '00000000' + '00000020' + '00000004' + t('AB');
    expect(() =>
      decodeResponse('Image_Status_Query', b('00000001', w(short.length / 2), short)),
    ).toThrow(/array of 32 bytes/);
    expect(() => decodeResponse('Image_Lock_DM', b('00000001', '00000010', '00000001'))).toThrow(
      /output length 16/,
    );
    const other = '00000002' + '00000000' + '00000000';
    expect(() => decodeResponse('Image_Lock_DM', b('00000001', '0000000c', other))).toThrow(
      /request id 2 after 1/,
    );
  });
});
