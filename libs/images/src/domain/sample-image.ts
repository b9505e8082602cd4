import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { encodeDiskImage, IMAGE_HEADER_BYTES } from '#hypervisor';

/** Bytes of one 3390 cylinder (the simulator's geometry: 15 tracks of 48 KiB). */
export const CYLINDER_BYTES = 737_280;

export interface SampleImageOptions {
  cylinders?: number;
  /** gzip level 1-9, or 0 for raw disk bytes after the header. */
  level?: number;
  /** Written at the start of every cylinder, so a deployed disk is recognisable. */
  label?: string;
}

/**
 * The sample's label: an os-release block, which the simulated guest's boot reads to know its
 * OS (distro and kernel), so a deployed and started sample reports RHEL 9.0.
 */
export const SAMPLE_OS_RELEASE =
  'NAME="Red Hat Enterprise Linux"\nID="rhel"\nVERSION_ID="9.0"\n' +
  'KERNEL="5.14.0-70.13.1.el9_0.s390x"\n# hv-orchestrator sample image';

/** The disk's bytes, one cylinder at a time: the label, then zeros (nothing held in memory). */
function* cylinders(count: number, label: string): Generator<Buffer> {
  for (let c = 0; c < count; c++) {
    const cyl = Buffer.alloc(CYLINDER_BYTES);
    cyl.write(`${label}\ncylinder ${c} of ${count}\n`, 'ascii');
    yield cyl;
  }
}

/**
 * A small CKD image as a stream (creatediskimage's 512-byte header, then the disk gzip'd unless
 * level 0): what `npm start` imports as its sample, and what tests and benchmarks serve over
 * HTTP.
 */
export function sampleImageStream(opts: SampleImageOptions = {}): Readable {
  const count = opts.cylinders ?? 10;
  const disk = Readable.from(cylinders(count, opts.label ?? SAMPLE_OS_RELEASE));
  return encodeDiskImage(disk, { type: 'CKD', units: count, compressLevel: opts.level ?? 6 });
}

/** Writes sampleImageStream(opts) to `path`; resolves with its size and md5. */
export async function writeSampleImage(
  path: string,
  opts: SampleImageOptions = {},
): Promise<{ bytes: number; md5sum: string }> {
  const hash = createHash('md5');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(sampleImageStream(opts), tap, createWriteStream(path));
  return { bytes, md5sum: hash.digest('hex') };
}

/** Size in bytes of an uncompressed (level 0) sample image of `cylinders`. */
export const rawSampleImageBytes = (cylinders: number): number =>
  IMAGE_HEADER_BYTES + cylinders * CYLINDER_BYTES;
