import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { fsSignature } from './fs.signature.js';

const MINIDISKS = 'minidisks';
const SPOOL = 'spool';

/**
 * The bytes behind the state: one sparse file per minidisk and one file per spool file, under
 * the state dir. Calls are synchronous on purpose (as the SMAPI handlers are): they are a few
 * cheap system calls (truncate allocates nothing), and a call's effect stays atomic.
 */
export class DiskFiles {
  private tmpSeq = 0;

  constructor(readonly dir: string) {
    mkdirSync(join(dir, MINIDISKS), { recursive: true });
    mkdirSync(join(dir, SPOOL), { recursive: true });
  }

  minidiskPath(userid: string, vdev: string): string {
    return join(this.dir, MINIDISKS, `${userid}_${vdev}.img`);
  }

  spoolPath(userid: string, spoolId: number): string {
    return join(this.dir, SPOOL, `${userid}_${String(spoolId).padStart(4, '0')}.spool`);
  }

  /** A fresh name beside `path` (same file system, so a rename replaces it atomically). */
  tempPath(path: string): string {
    return `${path}.${process.pid}.${++this.tmpSeq}.tmp`;
  }

  /** A new minidisk: `bytes` long, zeros, with the signature of `format` when it is not none. */
  createMinidisk(userid: string, vdev: string, bytes: number, format: string): void {
    const fd = openSync(this.minidiskPath(userid, vdev), 'w');
    try {
      ftruncateSync(fd, bytes);
      for (const part of fsSignature(format, vdev)) {
        const room = Math.max(0, Math.min(part.bytes.length, bytes - part.offset));
        if (room > 0) writeSync(fd, part.bytes, 0, room, part.offset);
      }
    } finally {
      closeSync(fd);
    }
  }

  /** Creates the minidisk's file unless it exists (state saved before disks had bytes). */
  ensureMinidisk(userid: string, vdev: string, bytes: number, format: string): void {
    try {
      closeSync(openSync(this.minidiskPath(userid, vdev), 'r'));
    } catch {
      this.createMinidisk(userid, vdev, bytes, format);
    }
  }

  remove(path: string): void {
    rmSync(path, { force: true });
  }

  /** Leftovers of copies that were cut short by a crash. */
  sweepTemps(): void {
    for (const sub of [MINIDISKS, SPOOL]) {
      for (const name of readdirSync(join(this.dir, sub))) {
        if (name.endsWith('.tmp')) this.remove(join(this.dir, sub, name));
      }
    }
  }

  /** Every minidisk and spool file gone (a reset). */
  clear(): void {
    for (const sub of [MINIDISKS, SPOOL]) {
      rmSync(join(this.dir, sub), { recursive: true, force: true });
      mkdirSync(join(this.dir, sub), { recursive: true });
    }
  }
}
