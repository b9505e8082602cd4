import { Readable } from 'node:stream';
import { toUserid } from '#envelope';
import { encodeDiskImage, type ManagementGuestOps, type ReaderFile } from '#hypervisor';
import type { ImageStore } from '#images';
import { diskHoldsImage, punchedSince } from './deploy-probes.js';
import { strictMock } from '#testing/jest';

const image = (bytes: Buffer, level: number, partition = false) =>
  encodeDiskImage(Readable.from([bytes]), {
    type: 'FBA',
    units: 8,
    compressLevel: level,
    partition,
  });

/**
 * A disk read back raw (as creatediskimage at level 0: the whole disk, or, as the reference's
 * script reads an FBA disk, its partition 1 from byte 1024) and an image stored gzip'd (a whole
 * disk's, or a partition's).
 */
function probeOf(disk: Buffer, imageBytes: Buffer, parts = { read: false, image: false }) {
  const hv = strictMock<ManagementGuestOps>({
    createDiskImage: () =>
      Promise.resolve(image(parts.read ? disk.subarray(1024) : disk, 0, parts.read)),
  });
  const images = strictMock<ImageStore>({
    open: () => Promise.resolve({ stream: image(imageBytes, 6, parts.image) }),
  });
  return () => diskHoldsImage(hv, images, 'img', toUserid('LINUX01'), '0100');
}

describe('deploy probes', () => {
  const data = Buffer.from('an operating system, more or less');

  it('finds the image on a disk that holds its bytes, then zeros', async () => {
    const disk = Buffer.concat([data, Buffer.alloc(4096 - data.length)]);
    expect(await probeOf(disk, data)()).toBe(true);
  });

  it('does not find it on a disk with other bytes or too small for it', async () => {
    const other = Buffer.concat([Buffer.from('xx'), data.subarray(2), Buffer.alloc(100)]);
    expect(await probeOf(other, data)()).toBe(false);
    const leftover = Buffer.concat([data, Buffer.alloc(50), Buffer.from('old bytes')]);
    expect(await probeOf(leftover, data)()).toBe(false);
    expect(await probeOf(data.subarray(0, 10), data)()).toBe(false);
  });

  it('finds an FBA partition image after the label blocks, read whole or as partition 1', async () => {
    const disk = Buffer.concat([Buffer.alloc(1024), data, Buffer.alloc(4096)]);
    for (const read of [false, true]) {
      expect(await probeOf(disk, data, { read, image: true })()).toBe(true);
      const shifted = Buffer.concat([data, Buffer.alloc(5120)]);
      expect(await probeOf(shifted, data, { read, image: true })()).toBe(false);
      const labelled = Buffer.concat([Buffer.from('label'), disk.subarray(5)]);
      expect(await probeOf(labelled, data, { read, image: true })()).toBe(read); // not read
    }
    const small = Buffer.concat([Buffer.alloc(1024), data.subarray(0, 20)]);
    expect(await probeOf(small, data, { read: true, image: true })()).toBe(false);
  });

  it('finds a whole-disk image on a disk read as its partition 1 from the label blocks on', async () => {
    const long = Buffer.concat([Buffer.alloc(1000, 9), data, Buffer.alloc(100)]);
    const disk = Buffer.concat([long, Buffer.alloc(3000)]);
    expect(await probeOf(disk, long, { read: true, image: false })()).toBe(true);
    const other = Buffer.concat([long.subarray(0, 1030), Buffer.from('x'), long.subarray(1031)]);
    const changed = Buffer.concat([other, Buffer.alloc(3000)]);
    expect(await probeOf(changed, long, { read: true, image: false })()).toBe(false);
    expect(await probeOf(disk.subarray(0, 1100), long, { read: true, image: false })()).toBe(false);
  });

  it('takes a reader file of that name punched since the step started, the newest', async () => {
    const file = (spoolId: number, name: string, time: string): ReaderFile => ({
      spoolId,
      spoolClass: 'X',
      name,
      size: 10,
      time,
    });
    const hv = {
      readerFiles: () =>
        Promise.resolve([
          file(1, 'hostname.sh', '2026-01-01T00:00:00.000Z'), // an older deploy's
          file(2, 'iucvauth.sh', '2026-01-02T00:00:00.000Z'),
          file(3, 'hostname.sh', '2026-01-02T00:00:01.000Z'),
        ]),
    } as unknown as ManagementGuestOps;
    const since = '2026-01-02T00:00:00.000Z';
    expect((await punchedSince(hv, toUserid('LINUX01'), 'hostname.sh', since))?.spoolId).toBe(3);
    expect(
      await punchedSince(hv, toUserid('LINUX01'), 'hostname.sh', '2026-01-03T00:00:00.000Z'),
    ).toBe(undefined);
  });
});
