import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '#config';
import { Errors } from '#envelope';
import { confine } from '#files';
import { scpCopy } from '#images';

/** A transport file ready to punch; `done()` removes any local copy made for it. */
export interface TransportFile {
  name: string;
  open(): Readable;
  done(): Promise<void>;
}

/**
 * The deploy's transport file (e.g. cloud-init config drive, ignition file): a local path
 * confined to the file repository and import directories, or fetched from `remotehost` with scp
 * (argument arrays only). Failures are the reference's guest rs 4 (copy config drive failed).
 */
export async function transportFile(
  cfg: Config,
  path: string,
  remotehost?: string,
): Promise<TransportFile> {
  if (remotehost) {
    const dir = await mkdtemp(join(tmpdir(), 'hvo-transport-'));
    const local = join(dir, basename(path) || 'transport');
    try {
      await scpCopy(cfg.SCP_BINARY, cfg.REMOTEHOST_SSHD_PORT, `${remotehost}:${path}`, local);
    } catch (e) {
      await rm(dir, { recursive: true, force: true });
      throw Errors.guest(
        4,
        `Failed to copy transport file ${path} from ${remotehost}: ${(e as Error).message}`,
      );
    }
    return {
      name: basename(local),
      open: () => createReadStream(local),
      done: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const local = await confine(path, [cfg.FILE_REPOSITORY, ...cfg.IMAGE_IMPORT_DIRS]);
  if (!local) throw Errors.guest(4, `transport file ${path} is outside the allowed directories`);
  return {
    name: basename(local),
    open: () => createReadStream(local),
    done: () => Promise.resolve(),
  };
}
