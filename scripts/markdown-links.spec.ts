import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '#config';
import { anchorsOf, brokenLinks, linksOf, slug } from './markdown-links.js';

describe('markdown links', () => {
  const root = repoRoot();

  it('every relative link of every markdown file names a file and heading that exist', () => {
    // tracked files and new ones not ignored, so a document is checked before its first commit
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.md'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'bench/README.md']));
    expect(files.flatMap((f) => brokenLinks(root, f))).toEqual([]);
  });

  it("makes GitHub's anchors", () => {
    expect(slug('Run against a real hypervisor (`HV_TRANSPORT=smapi`)')).toBe(
      'run-against-a-real-hypervisor-hv_transportsmapi',
    );
    expect(slug('Session 10: 10,000 held starts, then 15,000 long-polls (issue #29 item 1)')).toBe(
      'session-10-10000-held-starts-then-15000-long-polls-issue-29-item-1',
    );
    expect(slug('The command line: `hvctl`')).toBe('the-command-line-hvctl');
    expect(slug('Compatibility — what differs')).toBe('compatibility--what-differs');
    expect([...anchorsOf('# A\n## Figures\n```\n# not a heading\n```\n### Figures\n')]).toEqual([
      'a',
      'figures',
      'figures-1',
    ]);
  });

  it('reads links outside code, and reference definitions', () => {
    const md = 'see [a](docs/a.md#x) and `[b](not.md)`\n```\n[c](no.md)\n```\n[d]: ./d.md\n';
    expect(linksOf(md).map((l) => l.target)).toEqual(['docs/a.md#x', './d.md']);
  });

  it('fails on a missing file and on a missing heading, and passes what exists', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-links-'));
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs', 'a.md'), '# Title\n\n## Two words\n[up](../README.md#top)\n');
    writeFileSync(
      join(dir, 'README.md'),
      '# Top\n[ok](docs/a.md#two-words) [self](#top) [web](https://example.com/x.md)\n' +
        '[gone](docs/b.md) [bad](docs/a.md#three) [here](#nowhere)\n',
    );
    expect(brokenLinks(dir, 'README.md')).toEqual([
      'README.md:3: docs/b.md: no file docs/b.md',
      'README.md:3: docs/a.md#three: no heading #three in docs/a.md',
      'README.md:3: #nowhere: no heading #nowhere in README.md',
    ]);
    expect(brokenLinks(dir, 'docs/a.md')).toEqual([]);
  });
});
