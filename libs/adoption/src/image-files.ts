import { createReadStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { copyToFile, measure } from '#files';
import type { ImageStore } from '#images';
import type { ImageCopy } from './plan/plan.types.js';

/** An image file taken into our repository, with what puts the repository back. */
interface Placed {
  target: string;
  /** Our earlier file of the same name (`--prefer theirs`), kept until the commit. */
  backup?: string;
}

/**
 * The image files of one adoption: checked (md5 against the reference's record), staged in our
 * repository, moved into place before the database transaction and taken out again if it
 * fails, so a record never names a file that is not there.
 */
export class ImageFiles {
  private staged = new Map<string, string>();
  private placed: Placed[] = [];

  constructor(private readonly store: ImageStore) {}

  /**
   * Reads the reference's file (and with `stage`, copies it into our staging area); answers
   * why it cannot be adopted, or undefined when its md5 is the record's.
   */
  async check(copy: ImageCopy, stage: boolean): Promise<string | undefined> {
    if (!existsSync(copy.source)) return `its file ${copy.source} is missing`;
    try {
      this.store.fileOf(copy.distro, copy.name);
    } catch {
      return 'its name or OS version is not usable as a directory name here';
    }
    const source = createReadStream(copy.source);
    // IMAGE_REPOSITORY may be the reference's own repository: the file is in place already
    const inPlace = resolve(copy.source) === resolve(this.store.fileOf(copy.distro, copy.name));
    let md5sum: string;
    if (stage && !inPlace) {
      const path = await this.store.stagingPath(`adopt-${process.pid}-${this.staged.size}`);
      md5sum = (await copyToFile(source, path)).md5sum;
      this.staged.set(copy.name, path);
    } else {
      md5sum = (await measure(source)).md5sum;
    }
    if (md5sum === copy.md5sum) return undefined;
    await this.discard(copy.name);
    return `md5 of ${copy.source} is ${md5sum}, the record says ${copy.md5sum}`;
  }

  private async discard(name: string): Promise<void> {
    const path = this.staged.get(name);
    this.staged.delete(name);
    if (path) await rm(path, { force: true });
  }

  /** Removes every staged file (nothing is adopted). */
  async discardAll(): Promise<void> {
    for (const name of [...this.staged.keys()]) await this.discard(name);
  }

  /** Moves the staged files into place; ours of the same name are kept aside. */
  async place(copies: ImageCopy[]): Promise<void> {
    for (const c of copies) {
      const from = this.staged.get(c.name);
      if (!from) continue;
      const target = this.store.fileOf(c.distro, c.name);
      const placed: Placed = { target };
      if (existsSync(target)) {
        placed.backup = `${target}.before-adopt`;
        await rename(target, placed.backup);
      }
      this.placed.push(placed);
      await mkdir(dirname(target), { recursive: true });
      await rename(from, target);
      this.staged.delete(c.name);
    }
  }

  /** The transaction failed: the files go, ours come back. */
  async rollback(): Promise<void> {
    for (const p of this.placed.reverse()) {
      await rm(p.target, { force: true });
      if (p.backup) await rename(p.backup, p.target);
    }
    this.placed = [];
  }

  /** The transaction committed: ours replaced by theirs are removed. */
  async commit(): Promise<void> {
    for (const p of this.placed) if (p.backup) await rm(p.backup, { force: true });
    this.placed = [];
  }
}
