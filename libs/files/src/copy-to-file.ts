import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What was read from a stream: its size, md5 and first bytes (an image's header). */
export interface StreamFacts {
  bytes: number;
  /** Lower-case hex. */
  md5sum: string;
  /** The first `headBytes` bytes (fewer when the stream was shorter). */
  head: Buffer;
}

export interface MeasureOptions {
  /** Fail with TooLargeError once more than this many bytes have passed. */
  maxBytes?: number;
  /** How many leading bytes to keep in `head`; default 64 (an image header). */
  headBytes?: number;
  /** Called with the running byte count after each chunk. */
  onBytes?: (bytes: number) => void;
}

export class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`larger than the limit of ${limit} bytes`);
    this.name = 'TooLargeError';
  }
}

/** A pass-through that counts, hashes and keeps the head of what flows through it. */
function meter(opts: MeasureOptions): { stream: Transform; facts: () => StreamFacts } {
  const hash = createHash('md5');
  const want = opts.headBytes ?? 64;
  const head: Buffer[] = [];
  let headLength = 0;
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (opts.maxBytes !== undefined && bytes > opts.maxBytes) {
        done(new TooLargeError(opts.maxBytes));
        return;
      }
      hash.update(chunk);
      if (headLength < want) {
        const part = chunk.subarray(0, want - headLength);
        head.push(Buffer.from(part)); // a copy: the chunk's buffer may be pooled
        headLength += part.length;
      }
      opts.onBytes?.(bytes);
      done(null, chunk);
    },
  });
  return {
    stream,
    facts: () => ({ bytes, md5sum: hash.digest('hex'), head: Buffer.concat(head) }),
  };
}

/**
 * Streams `source` into the file `dest` (created or truncated), hashing on the way, so memory
 * stays flat whatever the size. On any failure `dest` is removed and the error rethrown.
 */
export async function copyToFile(
  source: Readable,
  dest: string,
  opts: MeasureOptions = {},
): Promise<StreamFacts> {
  const m = meter(opts);
  try {
    await pipeline(source, m.stream, createWriteStream(dest));
  } catch (e) {
    source.destroy();
    await rm(dest, { force: true });
    throw e;
  }
  return m.facts();
}

/** Reads `source` to its end for its facts, keeping nothing but the head. */
export async function measure(source: Readable, opts: MeasureOptions = {}): Promise<StreamFacts> {
  const m = meter(opts);
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(source, m.stream, sink);
  return m.facts();
}
