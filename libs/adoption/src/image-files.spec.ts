import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ImageStore } from '#images';
import { ImageFiles } from './image-files.js';
import { strictMock } from '#testing/jest';

const md5 = (b: Buffer | string) => createHash('md5').update(b).digest('hex');

describe('ImageFiles', () => {
  let dir: string;
  let store: ImageStore;
  const source = (name: string, bytes: string) => {
    const path = join(dir, 'ref', name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    return { name, distro: 'rhel9.0', md5sum: md5(bytes), source: path };
  };
  const target = (name: string) => join(dir, 'ours', 'netboot', 'rhel9.0', name, '0100');

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hvo-adopt-files-'));
    // the two things ImageFiles asks of the store: where a file lives, where to stage one
    store = strictMock<ImageStore>({
      fileOf: (_distro: string, name: string) => target(name),
      stagingPath: (label: string) => {
        mkdirSync(join(dir, 'ours', 'staging'), { recursive: true });
        return Promise.resolve(join(dir, 'ours', 'staging', label));
      },
    });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a missing file and another md5, and stages nothing for them', async () => {
    const files = new ImageFiles(store);
    const missing = { name: 'x', distro: 'rhel9.0', md5sum: md5('x'), source: join(dir, 'none') };
    expect(await files.check(missing, true)).toContain('is missing');
    const wrong = { ...source('w', 'bytes'), md5sum: md5('other') };
    expect(await files.check(wrong, true)).toContain(`is ${md5('bytes')}, the record says`);
    await files.place([wrong]);
    expect(existsSync(target('w'))).toBe(false);
  });

  it('places checked files, and a rollback puts ours back', async () => {
    const files = new ImageFiles(store);
    const theirs = source('img', 'theirs');
    mkdirSync(dirname(target('img')), { recursive: true });
    writeFileSync(target('img'), 'ours');
    expect(await files.check(theirs, true)).toBeUndefined();
    await files.place([theirs]);
    expect(readFileSync(target('img'), 'utf8')).toBe('theirs');
    await files.rollback();
    expect(readFileSync(target('img'), 'utf8')).toBe('ours');
  });

  it('a commit keeps theirs and removes ours', async () => {
    const files = new ImageFiles(store);
    const theirs = source('img', 'theirs');
    mkdirSync(dirname(target('img')), { recursive: true });
    writeFileSync(target('img'), 'ours');
    await files.check(theirs, true);
    await files.place([theirs]);
    await files.commit();
    expect(readFileSync(target('img'), 'utf8')).toBe('theirs');
    expect(existsSync(`${target('img')}.before-adopt`)).toBe(false);
  });

  it('checks without staging on a dry run', async () => {
    const files = new ImageFiles(store);
    expect(await files.check(source('img', 'theirs'), false)).toBeUndefined();
    expect(existsSync(join(dir, 'ours', 'staging'))).toBe(false);
  });
});
