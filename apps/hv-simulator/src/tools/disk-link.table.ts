import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One minidisk the simulated management guest has linked, and the device it sees it as. */
export interface LinkedDisk {
  device: string;
  userid: string;
  vdev: string;
}

/** Linux's DASD names in order: dasda…dasdz, then dasdaa…; the management guest's own go first. */
const FIRST_FREE = 1;
const deviceName = (n: number): string => {
  let s = '';
  for (let i = n; i >= 0; i = Math.floor(i / 26) - 1) s = String.fromCharCode(97 + (i % 26)) + s;
  return `dasd${s}`;
};

/**
 * The simulated management guest's linked disks: one file per device (`dasdh` holding
 * `USERID VDEV`) in a directory per simulator, so each tool process (link, mkfs, detach)
 * sees what the others did, as on the real guest, where the device node is the link.
 */
export class DiskLinkTable {
  readonly dir: string;

  constructor(simulatorUrl: string) {
    this.dir = join(tmpdir(), `hv-sim-links-${simulatorUrl.replace(/[^A-Za-z0-9]+/g, '_')}`);
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  all(): LinkedDisk[] {
    return readdirSync(this.dir).flatMap((device) => {
      const [userid, vdev] = readFileSync(join(this.dir, device), 'utf8').trim().split(' ');
      return userid && vdev ? [{ device, userid, vdev }] : [];
    });
  }

  /** The disk behind `/dev/dasdX` or `/dev/dasdX1` (its first partition). */
  byDevice(path: string): LinkedDisk | undefined {
    const m = /^\/dev\/(dasd[a-z]+)(1?)$/.exec(path);
    return m ? this.all().find((l) => l.device === m[1]) : undefined;
  }

  find(userid: string, vdev: string): LinkedDisk | undefined {
    return this.all().find((l) => l.userid === userid && l.vdev === vdev);
  }

  /** Links the disk at the first free device name (the same one if it is linked already). */
  link(userid: string, vdev: string): LinkedDisk {
    const had = this.find(userid, vdev);
    if (had) return had;
    for (let n = FIRST_FREE; ; n++) {
      const device = deviceName(n);
      try {
        // 'wx': two links at once never get the same name
        writeFileSync(join(this.dir, device), `${userid} ${vdev}\n`, { flag: 'wx' });
        return { device, userid, vdev };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
  }

  detach(userid: string, vdev: string): boolean {
    const had = this.find(userid, vdev);
    if (had) rmSync(join(this.dir, had.device), { force: true });
    return had !== undefined;
  }
}
