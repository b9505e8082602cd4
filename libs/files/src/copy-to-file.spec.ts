import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { TooLargeError, copyToFile, measure } from './copy-to-file.js';

describe('copyToFile', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'hvo-copy-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const data = Buffer.from('x'.repeat(100) + 'y'.repeat(100));
  const chunks = () => Readable.from([data.subarray(0, 30), data.subarray(30)]);

  it('writes the bytes and reports size, md5 and head', async () => {
    const dest = join(dir, 'a');
    const facts = await copyToFile(chunks(), dest, { headBytes: 40 });
    expect(readFileSync(dest)).toEqual(data);
    expect(facts).toEqual({
      bytes: 200,
      md5sum: createHash('md5').update(data).digest('hex'),
      head: data.subarray(0, 40),
    });
    expect((await measure(chunks())).md5sum).toBe(facts.md5sum);
  });

  it('fails past the limit and leaves no file', async () => {
    const dest = join(dir, 'b');
    await expect(copyToFile(chunks(), dest, { maxBytes: 50 })).rejects.toBeInstanceOf(
      TooLargeError,
    );
    expect(existsSync(dest)).toBe(false);
  });
});
