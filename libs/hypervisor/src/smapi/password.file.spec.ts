import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPasswordFile } from './password.file.js';

describe('readPasswordFile', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'smapi-pw-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const file = async (content: string, mode: number): Promise<string> => {
    const path = join(dir, 'pw');
    await writeFile(path, content);
    await chmod(path, mode);
    return path;
  };

  it('reads a 0600 file without its trailing newline', async () => {
    await expect(readPasswordFile(await file('s3cret\n', 0o600))).resolves.toBe('s3cret');
  });

  it('refuses a file others can read, naming the mode but not the content', async () => {
    const e = (await readPasswordFile(await file('s3cret', 0o644)).catch(
      (x: unknown) => x,
    )) as Error;
    expect(e.message).toMatch(/mode 0644; it must be 0600/);
    expect(e.message).not.toContain('s3cret');
  });

  it('refuses an empty file', async () => {
    await expect(readPasswordFile(await file('\n', 0o600))).rejects.toThrow(/1 to 200/);
  });
});
