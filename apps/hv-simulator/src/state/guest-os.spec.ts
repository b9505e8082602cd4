import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootDevice, detectOs, parseOsRelease } from './guest-os.js';

describe('guest OS model', () => {
  it('boots from the IPL device, else the first minidisk', () => {
    expect(bootDevice(['USER A X 1G 2G G', 'IPL 0100', 'MDISK 0101 3390 1 10 V1 MR'])).toBe('0100');
    expect(bootDevice(['USER A X 1G 2G G', 'IPL CMS', 'MDISK 201 3390 1 10 V1 MR'])).toBe('0201');
    expect(bootDevice(['USER A X 1G 2G G'])).toBeUndefined();
  });

  it('reads the distro and kernel of an os-release block', () => {
    expect(
      parseOsRelease('junk\nNAME="RHEL"\nID="rhel"\nVERSION_ID="9.0"\nKERNEL="5.14.0"\n'),
    ).toEqual({
      distro: 'rhel9.0',
      kernel: '5.14.0',
    });
    expect(parseOsRelease('ID=sles\nVERSION_ID=15.4\n')).toEqual({
      distro: 'sles15.4',
      kernel: '',
    });
    expect(parseOsRelease('EXT4 label only')).toBeNull();
  });

  it('finds the OS on a disk file and nothing on a missing or blank one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hvo-os-'));
    const disk = join(dir, 'd.img');
    writeFileSync(
      disk,
      Buffer.concat([Buffer.from('ID="ubuntu"\nVERSION_ID="22.04"\n'), Buffer.alloc(1000)]),
    );
    expect(detectOs(disk)).toEqual({ distro: 'ubuntu22.04', kernel: '' });
    expect(detectOs(join(dir, 'missing.img'))).toBeNull();
    writeFileSync(disk, Buffer.alloc(4096));
    expect(detectOs(disk)).toBeNull();
  });
});
