import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parseImageHeader } from '#hypervisor';
import {
  chunked,
  diskContent,
  imageOf,
  legacyHeader,
  md5,
  referenceHeader,
} from '../testing/disk-image.fixtures.js';
import {
  startHarness,
  userDirectory,
  waitFor,
  type Harness,
} from '../testing/simulator.harness.js';
import { BLOCK_BYTES_FBA, CYLINDER_BYTES_3390 as CYL } from '../state/geometry.constants.js';

const ckd = (units: number, more: object = {}) => ({
  vdev: '0100',
  deviceType: '3390',
  pool: 'POOL1',
  units,
  mode: 'MR',
  format: 'ext4',
  ...more,
});

/** The reference's own test dummy (zvmsdk utils.make_dummy_image): 55 bytes, no data. */
const DUMMY = Buffer.from('z/VM CKD Disk Image:           0 CYL HLen: 0055 GZIP: 0', 'latin1');

describe('unpackdiskimage and creatediskimage', () => {
  let h: Harness;
  const content = diskContent(2 * CYL);
  const image = imageOf(content, { type: 'CKD', units: 2, compressLevel: 6 });
  const unpack = (userid: string, vdev: string, body: Buffer | AsyncIterable<Buffer>) =>
    h.mgmt('unpackdiskimage', { userid, vdev }, body);
  const capture = (userid: string, vdev: string, compression: string) =>
    h.mgmt('creatediskimage', { userid, vdev, compression });

  beforeEach(async () => {
    h = await startHarness();
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: userDirectory('LINUX01') });
    expect((await h.smapi('Image_Disk_Create_DM', 'LINUX01', ckd(2))).rc).toBe(0);
  });
  afterEach(() => h.close());

  it('deploys an image onto a minidisk and captures it back byte for byte', async () => {
    const before = await h.diskMd5('LINUX01', '0100');
    expect(before.bytes).toBe(2 * CYL);
    const r = await unpack('linux01', '100', Buffer.from(image));
    expect(r).toEqual({
      status: 200,
      json: { rc: 0, lines: expect.any(Array), bytes: 2 * CYL },
    });
    expect(await h.diskMd5('LINUX01', '0100')).toEqual({ md5: md5(content), bytes: 2 * CYL });

    const same = await capture('LINUX01', '0100', '6');
    expect(same.status).toBe(200);
    expect(md5(same.file!)).toBe(md5(image));
    // creatediskimage's header, then the data from byte 512
    const raw = (await capture('LINUX01', '0100', '0')).file!;
    expect(raw.subarray(0, 512).equals(referenceHeader('xCAT CKD Disk Image:', '2 CYL', 0))).toBe(
      true,
    );
    expect(md5(raw.subarray(512))).toBe(md5(content));
    const fast = (await capture('LINUX01', '0100', '1')).file!;
    expect(parseImageHeader(fast)).toMatchObject({ diskSizeUnits: '2:CYL', compressLevel: 1 });
    expect(md5(gunzipSync(fast.subarray(512)))).toBe(md5(content));

    const log = h.sim.calls.since().filter((c) => !c.function.startsWith('Image_'));
    expect(log.map((c) => [c.function, c.target, c.rc])).toEqual([
      ['unpackdiskimage', 'LINUX01', 0],
      ['creatediskimage', 'LINUX01', 0],
      ['creatediskimage', 'LINUX01', 0],
      ['creatediskimage', 'LINUX01', 0],
    ]);
    expect(log.every((c) => c.end !== null && c.end >= c.start)).toBe(true);
  });

  it('deploys a smaller image: the rest of the disk reads as zeros; capture has the disk size', async () => {
    const one = diskContent(CYL, 7);
    await unpack('LINUX01', '0100', imageOf(one, { type: 'CKD', units: 1, compressLevel: 9 }));
    const whole = Buffer.concat([one, Buffer.alloc(CYL)]);
    expect((await h.diskMd5('LINUX01', '0100')).md5).toBe(md5(whole));
    const back = (await capture('LINUX01', '0100', '9')).file!;
    expect(parseImageHeader(back)?.diskSizeUnits).toBe('2:CYL');
    expect(md5(back)).toBe(md5(imageOf(whole, { type: 'CKD', units: 2, compressLevel: 9 })));
  });

  it('deploys every header form unpackdiskimage reads: HLen, version 1, our 64-byte form', async () => {
    const one = diskContent(CYL, 11);
    const whole = Buffer.concat([one, Buffer.alloc(CYL)]);
    const size = '1 CYL';
    const forms: [string, Buffer][] = [
      ['HLen raw', Buffer.concat([referenceHeader('xCAT CKD Disk Image:', size, 0), one])],
      [
        'HLen gzip',
        Buffer.concat([referenceHeader('xCAT CKD Disk Image:', size, 6), gzipSync(one)]),
      ],
      // version 1: 36 bytes of tag and size, data from byte 36, always gzip'd
      [
        'version 1',
        Buffer.concat([
          referenceHeader('xCAT CKD Disk Image:', size, 6).subarray(0, 36),
          gzipSync(one),
        ]),
      ],
      ['64-byte raw', Buffer.concat([legacyHeader('xCAT CKD Disk Image:', size, 0), one])],
      [
        '64-byte gzip',
        Buffer.concat([legacyHeader('xCAT CKD Disk Image:', size, 9), gzipSync(one)]),
      ],
    ];
    for (const [name, file] of forms) {
      const r = await unpack('LINUX01', '0100', chunked(file, 300));
      expect([name, r.json.rc]).toEqual([name, 0]);
      expect([name, (await h.diskMd5('LINUX01', '0100')).md5]).toEqual([name, md5(whole)]);
      await unpack(
        'LINUX01',
        '0100',
        imageOf(Buffer.alloc(2 * CYL, 1), { type: 'CKD', units: 2, compressLevel: 1 }),
      );
    }
  });

  it('FBA: a partition image goes after the label blocks; capture writes one', async () => {
    const fba = { vdev: '0200', deviceType: '9336', pool: 'FBAPOOL1', units: 4096, mode: 'MR' };
    await h.smapi('Image_Disk_Create_DM', 'LINUX01', fba);
    const diskBytes = 4096 * BLOCK_BYTES_FBA;
    // a reference capture of an FBA disk: `dd` of partition 1, which starts at byte 1024
    const part = diskContent(diskBytes - 1024, 3);
    const img = imageOf(part, { type: 'FBA', units: 4096, compressLevel: 1, partition: true });
    expect(img.subarray(0, 55).toString('latin1')).toBe(
      'xCAT FBA Part Image:        4096 BLK HLen: 0055 GZIP: 1',
    );
    expect((await unpack('LINUX01', '0200', chunked(img, 1000))).json.rc).toBe(0);
    const onDisk = Buffer.concat([Buffer.alloc(1024), part]);
    expect((await h.diskMd5('LINUX01', '0200')).md5).toBe(md5(onDisk));
    expect(md5((await capture('LINUX01', '0200', '1')).file!)).toBe(md5(img));

    // a whole-disk FBA image deploys whole; captured back, it is the disk's partition 1
    const blocks = diskContent(diskBytes, 4);
    await unpack(
      'LINUX01',
      '0200',
      imageOf(blocks, { type: 'FBA', units: 4096, compressLevel: 0 }),
    );
    expect((await h.diskMd5('LINUX01', '0200')).md5).toBe(md5(blocks));
    const raw = (await capture('LINUX01', '0200', '0')).file!;
    expect(
      raw.subarray(0, 512).equals(referenceHeader('xCAT FBA Part Image:', '4096 BLK', 0)),
    ).toBe(true);
    expect(md5(raw.subarray(512))).toBe(md5(blocks.subarray(1024)));

    // a partition image that would run past the disk's end
    const big = imageOf(diskContent(diskBytes - 1000), {
      type: 'FBA',
      units: 4096,
      compressLevel: 0,
      partition: true,
    });
    const r = await unpack('LINUX01', '0200', big);
    expect(r.json).toMatchObject({
      rc: 3,
      lines: ['ERROR: Target disk is too small for specified image.'],
    });
    expect((await h.diskMd5('LINUX01', '0200')).md5).toBe(md5(blocks)); // as it was
  });

  it('refuses bad copies with rc and ERROR lines, leaving the disk as it was', async () => {
    await h.smapi('Image_Create_DM', 'LINUX02', { directory: userDirectory('LINUX02') });
    await h.smapi('Image_Disk_Create_DM', 'LINUX02', ckd(2));
    await h.smapi('Image_Activate', 'LINUX02');
    const before = await h.diskMd5('LINUX01', '0100');
    const big = imageOf(diskContent(3 * CYL), { type: 'CKD', units: 1, compressLevel: 6 });
    const fbaImage = imageOf(diskContent(1024), { type: 'FBA', units: 2, compressLevel: 6 });
    const corrupt = Buffer.concat([image.subarray(0, 5000), Buffer.alloc(5000, 1)]);
    const cases: [string, string, Buffer, number, string][] = [
      ['NOSUCH', '0100', image, 3, 'HCPLNK053E NOSUCH 0100 not linked; not in CP directory'],
      ['LINUX01', '0200', image, 3, 'HCPLNK053E LINUX01 0200 not linked; not in CP directory'],
      ['LINUX02', '0100', image, 3, 'The specified target system is currently running.'],
      ['LINUX01', '0100', Buffer.alloc(500_000, 65), 3, 'Disk image type not recognized'],
      // the reference's FVT dummy: its tag is not one the script knows
      ['LINUX01', '0100', DUMMY, 3, 'Disk image type not recognized'],
      [
        'LINUX01',
        '0100',
        Buffer.from(`xCAT${DUMMY.subarray(4).toString('latin1')}`, 'latin1'),
        3,
        'image does not contain cylinder/record information.  This appears to be a dummy image file.',
      ],
      [
        'LINUX01',
        '0100',
        fbaImage,
        3,
        'Specified image is of a fixed-block volume, but specified disk is not',
      ],
      [
        'LINUX01',
        '0100',
        imageOf(diskContent(CYL), { type: 'CKD', units: 3, compressLevel: 6 }),
        3,
        'Target disk is too small for specified image.',
      ],
      ['LINUX01', '0100', big, 3, 'Target disk is too small for specified image.'],
      ['LINUX01', '0100', corrupt, 3, 'Failed deploying disk image at stage(rc): zcat'],
      ['LINUX01', 'XYZ01', image, 1, 'Invalid virtual device number'],
    ];
    for (const [userid, vdev, body, rc, text] of cases) {
      const r = await unpack(userid, vdev, body);
      expect([userid, vdev, r.status, r.json.rc]).toEqual([userid, vdev, 200, rc]);
      expect(r.json.lines.join('\n')).toContain(`ERROR: ${text}`);
    }
    expect((await h.mgmt('unpackdiskimage', { userid: 'LINUX01' }, image)).json).toEqual({
      rc: 1,
      lines: ['ERROR: Missing required parameter: vdev.'],
    });
    expect(await h.diskMd5('LINUX01', '0100')).toEqual(before);
    expect(await h.diskMd5('LINUX02', '0100')).toEqual(before);
    expect((await readdir(join(h.dir, 'minidisks'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('leaves the disk unchanged when the upload breaks off', async () => {
    const before = await h.diskMd5('LINUX01', '0100');
    async function* broken() {
      yield image.subarray(0, 200_000);
      await new Promise((r) => setTimeout(r, 20));
      throw new Error('client went away');
    }
    await expect(unpack('LINUX01', '0100', broken())).rejects.toThrow();
    await waitFor(() => h.sim.calls.since().some((c) => c.function === 'unpackdiskimage' && c.end));
    expect(await h.diskMd5('LINUX01', '0100')).toEqual(before);
    await waitFor(async () => (await readdir(join(h.dir, 'minidisks'))).length === 1);
  });

  it('fails a copy whose disk was deleted meanwhile, and does not bring it back', async () => {
    let open!: () => void;
    const gate = { at: 100_000, open: new Promise<void>((r) => (open = r)) };
    const copy = unpack('LINUX01', '0100', chunked(image, 50_000, gate));
    // the copy's temp file: the disk was linked and the copy is under way (seeing the call
    // logged is not enough: it is logged before the latency delay, ahead of the link)
    await waitFor(async () =>
      (await readdir(join(h.dir, 'minidisks'))).some((f) => f.endsWith('.tmp')),
    );
    expect((await h.smapi('Image_Disk_Delete_DM', 'LINUX01', { vdev: '0100' })).rc).toBe(0);
    open();
    const r = await copy;
    expect(r.json.rc).toBe(3);
    expect(r.json.lines).toEqual(['ERROR: Disk LINUX01:0100 was removed during the copy.']);
    expect(await readdir(join(h.dir, 'minidisks'))).toEqual([]);
  });

  it('creatediskimage refuses with rc and lines: logged on, bad compression, no such disk', async () => {
    await h.smapi('Image_Activate', 'LINUX01');
    expect((await capture('LINUX01', '0100', '6')).json).toEqual({
      rc: 3,
      lines: ['ERROR: The specified source system is currently running.'],
    });
    expect((await capture('LINUX01', '0100', '12')).json.rc).toBe(1);
    const none = await capture('LINUX01', '0300', '6');
    expect(none.json.rc).toBe(3);
    expect(none.json.lines[0]).toContain('HCPLNK053E LINUX01 0300 not linked; not in CP directory');
  });

  it('goes through faults like every call: rc answers, hangs and crashes', async () => {
    const before = await h.diskMd5('LINUX01', '0100');
    await h.http('POST', '/admin/faults', {
      function: 'unpackdiskimage',
      target: 'LINUX01',
      rc: 3,
      errmsg: 'ERROR: Failed to connect disk: LINUX01:0100',
    });
    expect((await unpack('LINUX01', '0100', image)).json).toEqual({
      rc: 3,
      lines: ['ERROR: Failed to connect disk: LINUX01:0100'],
    });
    expect(await h.diskMd5('LINUX01', '0100')).toEqual(before);
    await h.http('POST', '/admin/faults', { function: 'creatediskimage', crash: 'http500' });
    expect((await capture('LINUX01', '0100', '6')).status).toBe(500);
    expect((await unpack('LINUX01', '0100', image)).json.rc).toBe(0); // faults used up
    const log = h.sim.calls.since().filter((c) => c.function !== 'Image_Disk_Create_DM');
    expect(log.slice(-3).map((c) => [c.function, c.rc, c.crash ?? c.fault])).toEqual([
      ['unpackdiskimage', 3, 'F1'],
      ['creatediskimage', null, 'http500'],
      ['unpackdiskimage', 0, undefined],
    ]);
  });
});
