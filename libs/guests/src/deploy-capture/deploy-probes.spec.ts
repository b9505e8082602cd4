import { Readable } from 'node:stream';
import { toUserid } from '#envelope';
import { encodeDiskImage, type ManagementGuestOps, type ReaderFile } from '#hypervisor';
import type { ImageStore } from '#images';
import { diskHoldsImage, punchedSince } from './deploy-probes.js';

const image = (bytes: Buffer, level: number) =>
  encodeDiskImage(Readable.from([bytes]), { type: 'FBA', units: 8, compressLevel: level });

/** A disk read back raw (as creatediskimage at level 0) and an image stored gzip'd. */
function probeOf(disk: Buffer, imageBytes: Buffer) {
  const hv = {
    createDiskImage: () => Promise.resolve(image(disk, 0)),
  } as unknown as ManagementGuestOps;
  const images = {
    open: () => Promise.resolve({ stream: image(imageBytes, 6) }),
  } as unknown as ImageStore;
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
