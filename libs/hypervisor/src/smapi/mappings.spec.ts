import type { SmapiFunction } from '../protocol.js';
import { encodeRequest } from './request.codec.js';
import { decodeResponse } from './response.codec.js';
import { SMAPI_MAPPINGS } from './smapi.mappings.js';

// Hand-checked buffers (the notation of codec.spec.ts): JSON params through the mapping and
// the codec must give exactly the bytes the reference client sends.
const w = (n: number): string => n.toString(16).padStart(8, '0');
const t = (s: string): string => Buffer.from(s, 'latin1').toString('hex');
const b = (...parts: string[]): Buffer => Buffer.from(parts.join(''), 'hex');
const caller = { userid: 'MAINT', password: 'pw', target: 'LINUX01' };
const head = (fn: string): string =>
  w(fn.length) + t(fn) + '00000005' + t('MAINT') + '00000002' + t('pw') + '00000007' + t('LINUX01');
/** Header bytes after the total length: 4+fn, 4+5, 4+2, 4+7. */
const headLen = (fn: string): number => 4 + fn.length + 9 + 6 + 11;

const wire = (fn: SmapiFunction, params: Record<string, unknown>): Buffer =>
  encodeRequest(fn, caller, SMAPI_MAPPINGS[fn].toWire(params, caller.target));

describe('JSON params to the real function parameters, byte for byte', () => {
  it('Image_Delete_DM: erase byte 0', () => {
    expect(wire('Image_Delete_DM', {})).toEqual(b('0000002e', head('Image_Delete_DM'), '00'));
  });

  it('Image_Deactivate immediate: force_time IMMED', () => {
    const fn = 'Image_Deactivate';
    expect(wire(fn, { immediate: true })).toEqual(
      b(w(headLen(fn) + 4 + 5), head(fn), '00000005', t('IMMED')),
    );
  });

  it('Image_Disk_Create_DM of a 3390: AUTOG from the pool, CYL, formatting NONE', () => {
    const fn = 'Image_Disk_Create_DM';
    const got = wire(fn, {
      vdev: '0100',
      deviceType: '3390',
      pool: 'POOL1',
      units: 3338,
      mode: 'MR',
      format: 'none',
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
      '01' +
      '00000000' +
      '00000000' +
      '00000000' +
      '00000000';
    expect(got).toEqual(b(w(112), head(fn), params));
  });

  it('Image_Disk_Create_DM of a 9336 with a Linux file system: BLK0512, formatting unspecified', () => {
    const values = SMAPI_MAPPINGS.Image_Disk_Create_DM.toWire(
      { vdev: '0101', deviceType: '9336', pool: 'FBA1', units: 2048, mode: 'MR', format: 'ext4' },
      'LINUX01',
    );
    expect(values).toMatchObject({ allocationUnitSize: 2, imageDiskFormatting: 0 });
  });

  it('Image_Disk_Query: vdasd_id=ALL with its NUL', () => {
    expect(wire('Image_Disk_Query', { vdasdId: 'ALL' })).toEqual(
      b('0000003b', head('Image_Disk_Query'), t('vdasd_id=ALL'), '00'),
    );
  });

  it('Image_Pause: PAUSE=NO bare', () => {
    const fn = 'Image_Pause';
    expect(wire(fn, { pause: false })).toEqual(b(w(headLen(fn) + 8), head(fn), t('PAUSE=NO')));
  });

  it('VMRELOCATE MOVE: keyword strings, booleans as YES/NO, force operands blank separated', () => {
    const fn = 'VMRELOCATE';
    const keys = [
      'destination=HVSIM2',
      'action=MOVE',
      'force=ARCHITECTURE STORAGE',
      'immediate=YES',
      'max_total=600',
    ];
    const got = wire(fn, {
      action: 'MOVE',
      destination: 'HVSIM2',
      immediate: true,
      maxTotal: 600,
      force: ['ARCHITECTURE', 'STORAGE'],
    });
    const body = keys.map((k) => t(k) + '00').join('');
    expect(got).toEqual(b(w(headLen(fn) + body.length / 2), head(fn), body));
  });

  it('Virtual_Network_Adapter_Create_Extended_DM: counted keys', () => {
    const fn = 'Virtual_Network_Adapter_Create_Extended_DM';
    const keys = '0000002b' + t('image_device_number=1000') + '00' + t('adapter_type=QDIO') + '00';
    expect(wire(fn, { vdev: '1000', adapterType: 'QDIO' })).toEqual(
      b(w(headLen(fn) + 4 + 43), head(fn), keys),
    );
  });
});

describe('real function outputs to the JSON outputs', () => {
  it('Image_Disk_Query: fixed fields trimmed, access and unit codes named', () => {
    const entry =
      t('0100') +
      t('6000') +
      '02' +
      t('3390') +
      '000000000000000a' +
      '01' +
      t('EV0001') +
      '00' +
      t('0101') +
      t('VDSK') +
      '01' +
      t('9336') +
      '0000000000000800' +
      '02' +
      t('(VDSK)') +
      '00';
    const answer = b('00000006', w(12 + 29 + 29), '00000006', '00000000', '00000000', entry);
    const out = decodeResponse('Image_Disk_Query', answer).output;
    expect(SMAPI_MAPPINGS.Image_Disk_Query.fromWire(out)).toEqual({
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
        {
          vdev: '0101',
          rdev: 'VDSK',
          accessType: 'R/O',
          deviceType: '9336',
          size: 2048,
          units: 'Blocks',
          volid: '(VDSK)',
        },
      ],
    });
  });

  it('Image_Name_Query_DM: the length-prefixed names as a list', () => {
    const names = '00000007' + t('LINUX01') + '00000003' + t('OPS');
    const answer = b('00000003', '00000022', '00000003', '00000000', '00000000', '00000012', names);
    const out = decodeResponse('Image_Name_Query_DM', answer).output;
    expect(SMAPI_MAPPINGS.Image_Name_Query_DM.fromWire(out)).toEqual(['LINUX01', 'OPS']);
  });

  it('Virtual_Network_Vswitch_Query_Extended: VLAN ids as the reference client prints them', () => {
    // smcliVirtual.c reads the server's four digits as numbers (0010 → 10), 32768 as NONE
    const attrs =
      'VSW1 ETHERNET TRUNK 5 NA AWARE 1000 0010 02-00-00-00-00-01 GVRP GVRP 8 ' +
      'LAG: 0 (NOGRP) 5 QDIO NOISOLATION NOMACPROTECT USERBASED EXTENDED';
    const other = attrs.replace('AWARE 1000 0010', 'AWARE 32768 32768');
    const output = {
      vswitches: [attrs, other].map((a) => ({
        attributesLength: a.length + 1,
        attributes: a,
        realDevices: [],
        authorizedUsers: [{ line: '0001 LINUX01 NOPROM NOOSDSIM 2 0010 0200' }],
        connectedAdapters: [],
        uplinkNics: [],
        globalMembers: [],
      })),
    };
    const [aware, none] = SMAPI_MAPPINGS.Virtual_Network_Vswitch_Query_Extended.fromWire(
      output,
    ) as { vlanId: string; nativeVlanId: string; authorizedUsers: { userVlanIds: string[] }[] }[];
    expect([aware.vlanId, aware.nativeVlanId]).toEqual(['1000', '10']);
    expect(aware.authorizedUsers[0].userVlanIds).toEqual(['10', '200']);
    expect([none.vlanId, none.nativeVlanId]).toEqual(['NONE', 'NONE']);
  });
});
