import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { toBuffer } from '../chunk.buffer.js';

/** A fresh staging directory for a tool's files (under `base`, default the OS temp dir). */
export function stagingDir(base?: string): Promise<string> {
  return mkdtemp(join(base ?? tmpdir(), 'hv-tool-'));
}

/** Removes a staging directory and what it holds. */
export function removeStaging(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

/** Runs `work` in a fresh staging directory, removed afterwards. */
export async function staged<T>(base: string | undefined, work: (dir: string) => Promise<T>) {
  const dir = await stagingDir(base);
  try {
    return await work(dir);
  } finally {
    await removeStaging(dir);
  }
}

/**
 * The input stream into a file of mode 0600, as the reference hands files to vmur and the
 * scripts; `onBytes` gets the bytes written so far.
 */
export async function stageInput(
  path: string,
  input: Readable,
  onBytes?: (n: number) => void,
): Promise<void> {
  let sent = 0;
  const count = new Transform({
    transform(chunk: unknown, _enc, done) {
      const buf = toBuffer(chunk);
      sent += buf.length;
      onBytes?.(sent);
      done(null, buf);
    },
  });
  await pipeline(input, count, createWriteStream(path, { mode: 0o600 }));
}
