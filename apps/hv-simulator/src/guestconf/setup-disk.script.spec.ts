import type { HypervisorState } from '../state/hypervisor.state.js';
import type { MinidiskRecord, UserRecord } from '../state/state.types.js';
import { dfLines, procMounts, procSwaps } from './filesystems.js';
import { growRootVolume, setupDisk } from './setup-disk.script.js';
import { strictMock } from '#testing/jest';

const state = strictMock<HypervisorState>({ changed: () => undefined });
const disk = (vdev: string, units: number, format = 'none'): MinidiskRecord => ({
  vdev,
  deviceType: '3390',
  pool: 'POOL1',
  volser: 'EV0001',
  start: 1,
  units,
  mode: 'MR',
  format,
});

function guest(): UserRecord {
  return {
    userid: 'LINUX01',
    directory: ['USER LINUX01 LBYONLY 1G 2G G', 'IPL 0100', 'MDISK 0100 3390 1 20 EV0001 MR'],
    loggedOn: true,
    paused: false,
    activeDevices: [],
    disks: { '0100': { ...disk('0100', 20), fsUnits: 10 }, '0101': disk('0101', 10, 'ext4') },
    reader: [],
    os: { distro: 'rhel9.0', kernel: '5.14' },
  };
}

const file = (content: string) => ({ name: 'setupDisk', content });

describe('setupDisk and the grow script', () => {
  it('makes the file system, mounts it and lists it in /proc/mounts and df', () => {
    const u = guest();
    const status = setupDisk(
      state,
      u,
      file('action=addMdisk vaddr=0101 filesys=xfs mntdir=/mnt/ephemeral0101'),
    );
    expect(status).toBe(0);
    expect(u.mounts).toEqual([{ mountPoint: '/mnt/ephemeral0101', vdev: '0101', fs: 'xfs' }]);
    expect(u.disks['0101'].format).toBe('xfs');
    expect(procMounts(u)).toEqual([
      '/dev/dasda1 / ext4 rw,relatime 0 0',
      '/dev/dasdb1 /mnt/ephemeral0101 xfs rw,relatime 0 0',
    ]);
    expect(dfLines(u)[2]).toMatch(/^\/dev\/dasdb1 7200 \d+ \d+ \d+% \/mnt\/ephemeral0101$/);
  });

  it('uses swap as swap, and refuses vdevs that are not data disks of the guest', () => {
    const u = guest();
    expect(setupDisk(state, u, file('action=addMdisk vaddr=101 filesys=swap mntdir=swap'))).toBe(0);
    expect(procMounts(u)).toHaveLength(1);
    expect(procSwaps(u)[1]).toContain('/dev/dasdb1');
    expect(setupDisk(state, u, file('action=addMdisk vaddr=0200 filesys=ext4 mntdir=/x'))).toBe(1);
    expect(setupDisk(state, u, file('action=addMdisk vaddr=0100 filesys=ext4 mntdir=/x'))).toBe(1);
    expect(setupDisk(state, u, file('action=other vaddr=0101 filesys=ext4 mntdir=/x'))).toBe(2);
  });

  it('grows the root file system to the end of its disk, once', () => {
    const u = guest();
    expect(dfLines(u)[1]).toMatch(/^\/dev\/dasda1 7200 /); // 10 of 20 cylinders
    expect(growRootVolume(state, u, { name: 'gpartvol.sh', content: '' })).toBe(0);
    expect(dfLines(u)[1]).toMatch(/^\/dev\/dasda1 14400 /);
    expect(growRootVolume(state, u, { name: 'gpartvol.sh', content: '' })).toBe(0);
    expect(growRootVolume(state, { ...u, os: null }, { name: 'gpartvol.sh', content: '' })).toBe(1);
  });
});
