import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from './support/http.js';
import {
  imageFile,
  legacyHeader,
  referenceDummy,
  referenceHeader,
} from './support/reference-image.js';
import { SAMPLE_OS_RELEASE } from './support/sample-image.js';
import { TestStack } from './support/stack.js';
import { guestBody } from './support/fixtures.js';

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const CYL = 737_280;

/** `cylinders` of disk with an OS label at its start (so a deployed guest boots it). */
function ckdContent(cylinders: number): Buffer {
  const disk = Buffer.alloc(cylinders * CYL);
  disk.write(`${SAMPLE_OS_RELEASE}\n`, 'latin1');
  for (let c = 1; c < cylinders; c++) disk.write(`cylinder ${c}\n`, c * CYL, 'latin1');
  return disk;
}

/**
 * Issue #57 item 1: images as a reference installation has them — what its capture
 * (creatediskimage) writes, and its functional tests' dummy — and the images this service wrote
 * before (64-byte header) import, answer query, root_disk_size and export, and deploy; what this
 * service captures is in creatediskimage's form. The headers are written out from the
 * reference's layout (test/support/reference-image.ts), not with our formatter.
 */
describe("images in the reference's forms", () => {
  let stack: TestStack;
  let importDir: string;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
    importDir = join(stack.config.DATA_DIR, 'import');
    mkdirSync(importDir, { recursive: true });
  });
  afterAll(() => stack.close());

  const sim = (method: string, path: string) => request(stack.simUrl, method, path, {});
  const action = (userid: string, body: object) =>
    stack.http('POST', `/guests/${userid}/action`, { body });
  const createGuest = async (userid: string, disk: Record<string, unknown>) => {
    const res = await stack.http('POST', '/guests', {
      body: guestBody({ userid, disks: [{ is_boot_disk: true, ...disk }] }),
    });
    expect(res.status).toBe(200);
  };
  const diskMd5 = async (userid: string) =>
    (await sim('GET', `/admin/minidisks/${userid}/0100/md5`)).body.md5 as string;

  /** Imports `bytes` from the import directory as the reference's tests do (file://). */
  const importFile = async (name: string, bytes: Buffer, osVersion = 'rhel9.0') => {
    const path = join(importDir, `${name}.img`);
    writeFileSync(path, bytes);
    return stack.http('POST', '/images', {
      body: {
        image: { image_name: name, url: `file://${path}`, image_meta: { os_version: osVersion } },
      },
    });
  };
  /** The record, root_disk_size and an export (which must give the same bytes back). */
  const readBack = async (name: string, bytes: Buffer) => {
    const query = await stack.http('GET', `/images?imagename=${name}`);
    expect(query.status).toBe(200);
    const root = await stack.http('GET', `/images/${name}/root_disk_size`);
    expect(root.status).toBe(200);
    const dest = join(stack.config.DATA_DIR, 'export', `${name}.img`);
    const out = await stack.http('PUT', `/images/${name}`, {
      body: { location: { dest_url: `file://${dest}` } },
    });
    expect(out.status).toBe(200);
    expect(out.body.output).toMatchObject({ image_name: name, md5sum: md5(bytes) });
    expect(readFileSync(dest).equals(bytes)).toBe(true);
    return { record: query.body.output[0], root: root.body.output, exported: readFileSync(dest) };
  };

  it("imports the reference's FVT dummy as the reference does: 0:CYL, 55 bytes, size 0", async () => {
    // zvmsdk tests/fvt test_image_create_delete: image1, rhel7.2; query, root_disk_size, export
    const dummy = referenceDummy();
    expect((await importFile('image1', dummy, 'rhel7.2')).status).toBe(200);
    const { record, root } = await readBack('image1', dummy);
    expect(record).toMatchObject({
      imagename: 'image1',
      imageosdistro: 'rhel7.2',
      md5sum: md5(dummy),
      disk_size_units: '0:CYL',
      image_size_in_bytes: '55',
      type: 'rootonly',
      comments: null,
    });
    expect(root).toBe('0');
    expect((await importFile('image1', dummy, 'rhel7.2')).status).toBe(409); // duplicate
    expect((await importFile('image1-fba', referenceDummy('FBA'))).status).toBe(200);
    expect((await readBack('image1-fba', referenceDummy('FBA'))).record.disk_size_units).toBe(
      '0:BLK',
    );
  });

  it('imports a reference capture (HLen, CKD and FBA partition) and our 64-byte form', async () => {
    const disk = Buffer.alloc(4096, 0x5a);
    const cases: [string, Buffer, string][] = [
      [
        'ref-ckd',
        imageFile(referenceHeader, 'xCAT CKD Disk Image:', '3338 CYL', 6, disk),
        '3338:CYL',
      ],
      ['ref-raw', imageFile(referenceHeader, 'xCAT CKD Disk Image:', '10 CYL', 0, disk), '10:CYL'],
      [
        'ref-part',
        imageFile(referenceHeader, 'xCAT FBA Part Image:', '4194200 BLK', 0, disk),
        '4194200:BLK',
      ],
      [
        'ref-fba',
        imageFile(referenceHeader, 'xCAT FBA Disk Image:', '2048 BLK', 1, disk),
        '2048:BLK',
      ],
      ['old-ckd', imageFile(legacyHeader, 'xCAT CKD Disk Image:', '10 CYL', 6, disk), '10:CYL'],
      ['old-fba', imageFile(legacyHeader, 'xCAT FBA Disk Image:', '8 BLK', 0, disk), '8:BLK'],
    ];
    for (const [name, bytes, units] of cases) {
      const res = await importFile(name, bytes);
      expect([name, res.status, res.body.rs]).toEqual([name, 200, 0]);
      const { record, root } = await readBack(name, bytes);
      expect([name, record.disk_size_units, record.image_size_in_bytes, root]).toEqual([
        name,
        units,
        String(bytes.length),
        units.split(':')[0],
      ]);
    }
    // an FCP image: neither CKD nor FBA in its header, image rs 7 as the reference
    const fcp = await importFile('fcp', referenceHeader('xCAT FCP Disk Image:', '2097152 BLK', 0));
    expect(fcp.status).toBe(500);
    expect(fcp.body).toMatchObject({ overallRC: 300, rs: 7, modID: 40 });
  });

  it('round-trips a CKD reference capture: import, deploy, boot, capture, export', async () => {
    const content = ckdContent(10);
    const image = imageFile(referenceHeader, 'xCAT CKD Disk Image:', '10 CYL', 6, content);
    expect((await importFile('ref-src', image)).status).toBe(200);
    const { record, root } = await readBack('ref-src', image);
    expect([record.disk_size_units, root]).toEqual(['10:CYL', '10']);

    await createGuest('REFCKD', { size: '10' });
    const deploy = await action('REFCKD', { action: 'deploy', image: 'ref-src' });
    expect(deploy.status).toBe(200);
    expect(await diskMd5('REFCKD')).toBe(md5(content));
    expect((await action('REFCKD', { action: 'start' })).status).toBe(200);
    const user = (await sim('GET', '/admin/state')).body.users.find(
      (u: any) => u.userid === 'REFCKD',
    );
    expect(user.os?.distro).toBe('rhel9.0');

    // captured in creatediskimage's form: the same file as the reference's capture
    const capture = await action('REFCKD', {
      action: 'capture',
      image: 'ref-cap',
      compress_level: 6,
    });
    expect(capture.status).toBe(200);
    const back = await readBack('ref-cap', image);
    expect(
      back.exported.subarray(0, 512).equals(referenceHeader('xCAT CKD Disk Image:', '10 CYL', 6)),
    ).toBe(true);
    expect(back.record).toMatchObject({ disk_size_units: '10:CYL', md5sum: md5(image) });

    // and it deploys again
    await createGuest('REFCKD2', { size: '12' });
    expect((await action('REFCKD2', { action: 'deploy', image: 'ref-cap' })).status).toBe(200);
    expect(await diskMd5('REFCKD2')).toBe(md5(Buffer.concat([content, Buffer.alloc(2 * CYL)])));
  });

  it('round-trips an FBA partition image: after the label blocks, captured as one', async () => {
    const blocks = 4096;
    const part = Buffer.alloc(blocks * 512 - 1024, 0x33);
    part.write(`${SAMPLE_OS_RELEASE}\n`, 'latin1');
    const image = imageFile(referenceHeader, 'xCAT FBA Part Image:', `${blocks} BLK`, 1, part);
    expect((await importFile('ref-fba-src', image)).status).toBe(200);
    expect((await readBack('ref-fba-src', image)).root).toBe(String(blocks));

    await createGuest('REFFBA', { size: String(blocks), disk_pool: 'FBA:FBAPOOL1' });
    expect((await action('REFFBA', { action: 'deploy', image: 'ref-fba-src' })).status).toBe(200);
    expect(await diskMd5('REFFBA')).toBe(md5(Buffer.concat([Buffer.alloc(1024), part])));

    const capture = await action('REFFBA', {
      action: 'capture',
      image: 'ref-fba-cap',
      compress_level: 1,
    });
    expect(capture.status).toBe(200);
    const back = await readBack('ref-fba-cap', image);
    expect(back.exported.equals(image)).toBe(true);
    expect(back.record.disk_size_units).toBe(`${blocks}:BLK`);
  });

  it('deploys an image in our older 64-byte form, raw and gzip', async () => {
    await createGuest('OLDFORM', { size: '10' });
    for (const level of [0, 6]) {
      const content = ckdContent(10);
      content.write(`level ${level}`, 5 * CYL, 'latin1');
      const image = imageFile(legacyHeader, 'xCAT CKD Disk Image:', '10 CYL', level, content);
      expect((await importFile(`old-${level}`, image)).status).toBe(200);
      expect((await action('OLDFORM', { action: 'deploy', image: `old-${level}` })).status).toBe(
        200,
      );
      expect(await diskMd5('OLDFORM')).toBe(md5(content));
    }
  });

  it("fails a deploy of the FVT dummy as the reference's unpackdiskimage does", async () => {
    await createGuest('DUMMY1', { size: '10' });
    const before = await diskMd5('DUMMY1');
    const res = await action('DUMMY1', { action: 'deploy', image: 'image1' });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ overallRC: 300, rs: 3, modID: 10 });
    expect(res.body.errmsg).toContain('Disk image type not recognized');
    expect(await diskMd5('DUMMY1')).toBe(before);
  });
});
