import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canonicalPath, confine, isInside } from './path-confinement.js';

describe('path confinement', () => {
  let root: string;
  let allowed: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'hvo-confine-'));
    allowed = join(root, 'allowed');
    mkdirSync(join(allowed, 'sub'), { recursive: true });
    writeFileSync(join(allowed, 'sub', 'f'), 'x');
    writeFileSync(join(root, 'secret'), 'x');
    symlinkSync(root, join(allowed, 'out'));
    symlinkSync(join(allowed, 'sub'), join(allowed, 'in'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('accepts paths inside, existing or not', async () => {
    expect(await confine(join(allowed, 'sub', 'f'), [allowed])).toBe(
      join(await canonicalPath(allowed), 'sub', 'f'),
    );
    expect(await confine(join(allowed, 'new', 'file'), [allowed])).toMatch(/allowed\/new\/file$/);
    expect(await confine(join(allowed, 'in', 'f'), [allowed])).toMatch(/allowed\/sub\/f$/);
  });

  it('refuses ../, absolute paths outside and symlinks pointing out', async () => {
    expect(await confine(join(allowed, '..', 'secret'), [allowed])).toBeNull();
    expect(await confine('/etc/passwd', [allowed])).toBeNull();
    expect(await confine(join(allowed, 'out', 'secret'), [allowed])).toBeNull();
    expect(await confine(join(allowed, 'out', 'missing', 'x'), [allowed])).toBeNull();
  });

  it('does not take a sibling with a common prefix for inside', () => {
    expect(isInside('/a/bc', '/a/b')).toBe(false);
    expect(isInside('/a/b/..c', '/a/b')).toBe(true);
    expect(isInside('/a/b', '/a/b')).toBe(true);
  });
});
