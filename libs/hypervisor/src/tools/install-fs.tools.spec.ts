import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MgmtReply } from '../protocol.js';
import { ManagementTools } from './management.tools.js';

let dir: string;
const journal = () => join(dir, 'journal');
/**
 * A fake tool named as the real one: it appends `name arg|arg…` (and `< stdin` if it reads
 * one) to the journal, then runs `body`.
 */
const tool = (name: string, body = '', readsStdin = false): void =>
  writeFileSync(
    join(dir, name),
    `#!/bin/sh
line="${name}"; for a in "$@"; do line="$line|$a"; done
${readsStdin ? `line="$line < $(tr '\\n' ',')"` : ''}
printf '%s\\n' "$line" >> "${journal()}"
${body}
`,
    { mode: 0o755 },
  );
const ran = (): string[] => readFileSync(journal(), 'utf8').split('\n').slice(0, -1);
const LINKED = 'echo "Success: Userid LINUX01 vdev 0201 linked at ad35 device name dasdh"';

function allTools(): void {
  tool('linkdiskandbringonline', LINKED);
  for (const t of ['dasdfmt', 'fdasd', 'mkfs', 'mkfs.xfs', 'mkswap', 'blockdev']) tool(t);
  tool('fdisk', '', true);
  tool('offlinediskanddetach');
}

const installfs = (fstype: string, disktype: string): Promise<MgmtReply> =>
  new ManagementTools({ dir, timeoutMs: 5000, longTimeoutMs: 5000 }).mgmt('installfs', {
    userid: 'LINUX01',
    vdev: '0201',
    fstype,
    disktype,
    mode: 'MR',
  });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'installfs-tools-'));
  allTools();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('ManagementTools installfs: the reference installFS sequence', () => {
  it('3390: link, dasdfmt, fdasd -a, mkfs -F -t on partition 1, flush, detach', async () => {
    await expect(installfs('ext4', '3390')).resolves.toEqual({
      rc: 0,
      lines: ['File system: ext4 is installed.'],
    });
    expect(ran()).toEqual([
      'linkdiskandbringonline|LINUX01|0201|MR',
      'dasdfmt|-y|-b|4096|-d|cdl|-v|/dev/dasdh',
      'fdasd|-a|/dev/dasdh',
      'mkfs|-F|-t|ext4|/dev/dasdh1',
      'blockdev|--flushbufs|/dev/dasdh',
      'offlinediskanddetach|LINUX01|0201',
    ]);
  });

  it("9336: fdisk twice with the reference's commands on stdin, then mkfs.xfs -f", async () => {
    await expect(installfs('xfs', '9336')).resolves.toMatchObject({ rc: 0 });
    expect(ran()).toEqual([
      'linkdiskandbringonline|LINUX01|0201|MR',
      'fdisk|/dev/dasdh < g,w,',
      'fdisk|/dev/dasdh < n,p,1,,,w,',
      'mkfs.xfs|-f|/dev/dasdh1',
      'blockdev|--flushbufs|/dev/dasdh',
      'offlinediskanddetach|LINUX01|0201',
    ]);
  });

  it('swap: mkswap on partition 1', async () => {
    await expect(installfs('swap', '3390')).resolves.toMatchObject({ rc: 0 });
    expect(ran()).toContain('mkswap|/dev/dasdh1');
  });

  it('a failed link is rc 3 with its output; nothing is formatted, the detach still runs', async () => {
    tool('linkdiskandbringonline', 'echo "HCPLNK053E LINUX01 not in CP directory" >&2; exit 3');
    const r = await installfs('ext4', '3390');
    expect(r.rc).toBe(3);
    expect(r.lines).toContain('ERROR: HCPLNK053E LINUX01 not in CP directory');
    expect(ran()).toEqual([
      'linkdiskandbringonline|LINUX01|0201|MR',
      'offlinediskanddetach|LINUX01|0201',
    ]);
  });

  it('a link without a device name in its output is a failure', async () => {
    tool('linkdiskandbringonline', 'echo "linked somewhere"');
    const r = await installfs('ext4', '3390');
    expect(r.rc).toBe(3);
    expect(r.lines.join(' ')).toMatch(/no device name/);
    expect(ran().at(-1)).toBe('offlinediskanddetach|LINUX01|0201');
  });

  it('a failed mkfs is rc 3; the disk is still flushed and detached', async () => {
    tool('mkfs', 'echo "mkfs.ext4: Device size reported to be zero." >&2; exit 1');
    const r = await installfs('ext4', '3390');
    expect(r.rc).toBe(3);
    expect(r.lines).toContain('ERROR: mkfs.ext4: Device size reported to be zero.');
    expect(ran().slice(-2)).toEqual([
      'blockdev|--flushbufs|/dev/dasdh',
      'offlinediskanddetach|LINUX01|0201',
    ]);
  });

  it('a failed flush is only a warning; a failed detach fails the operation', async () => {
    tool('blockdev', 'exit 1');
    const warned = await installfs('ext4', '3390');
    expect(warned.rc).toBe(0);
    expect(warned.lines.join(' ')).toMatch(/WARNING: blockdev/);
    tool('offlinediskanddetach', 'echo "HCPDTV040E Device 0201 does not exist" >&2; exit 3');
    const r = await installfs('ext4', '3390');
    expect(r.rc).toBe(3);
    expect(r.lines).toContain('ERROR: HCPDTV040E Device 0201 does not exist');
  });
});

describe('ManagementTools queryfs: the file system read back, nothing written', () => {
  const queryfs = (): Promise<MgmtReply & { fstype?: string }> =>
    new ManagementTools({ dir, timeoutMs: 5000, longTimeoutMs: 5000 }).mgmt('queryfs', {
      userid: 'LINUX01',
      vdev: '0201',
    });

  it('links read-only, asks blkid for partition 1, detaches', async () => {
    tool('blkid', 'echo ext4');
    await expect(queryfs()).resolves.toEqual({ rc: 0, lines: ['ext4'], fstype: 'ext4' });
    expect(ran()).toEqual([
      'linkdiskandbringonline|LINUX01|0201|RR',
      'blkid|-o|value|-s|TYPE|/dev/dasdh1',
      'offlinediskanddetach|LINUX01|0201',
    ]);
  });

  it('no signature (blkid exit 2): no fstype; the disk still detached', async () => {
    tool('blkid', 'exit 2');
    await expect(queryfs()).resolves.toEqual({ rc: 0, lines: [] });
    expect(ran().at(-1)).toBe('offlinediskanddetach|LINUX01|0201');
  });

  it('a failed link is rc 3 with its error', async () => {
    tool('linkdiskandbringonline', 'echo "HCPLNK053E LINUX01 0201 not linked" >&2; exit 3');
    const r = await queryfs();
    expect(r.rc).toBe(3);
    expect(r.lines.join(' ')).toMatch(/HCPLNK053E/);
  });
});
