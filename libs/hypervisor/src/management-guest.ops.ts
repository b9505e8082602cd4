import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { Errors, type Userid } from '#envelope';
import { cpCommand } from './cp-command.js';
import { HypervisorExchange } from './hypervisor.exchange.js';
import { mgmtFailure } from './mgmt.error.js';
import type {
  MgmtArgs,
  MgmtReply,
  PunchReply,
  QueryFsReply,
  QueryReaderReply,
  ReaderFile,
  ReaderListReply,
  UnpackDiskImageReply,
} from './protocol.js';
import { isSmapi } from './smapi.tolerance.js';

/**
 * What the management guest does for the service: commands in guests over IUCV, console
 * output, disk images, reader files, boot maps and new disks' file systems.
 */
@Injectable()
export class ManagementGuestOps {
  // an ES private field: one test double may stand in for several parts (A & B stays a type)
  readonly #hv: HypervisorExchange;
  constructor(hv: HypervisorExchange) {
    this.#hv = hv;
  }

  /**
   * A command in the guest's OS over IUCV (the reference's execcmdonvm): its output lines.
   * Raises `mgmtFailure` when the guest is not reachable or the command fails.
   */
  async execInGuest(userid: Userid, cmd: string): Promise<string[]> {
    return (await this.#hv.mgmt('execcmd', { userid, cmd })).lines;
  }

  /**
   * The guest's spooled console lines since the last read. As the reference's
   * getVM.getConsole: Image_Console_Get closes the guest's console spool file into the
   * management guest's reader (8/8: not logged on, not spooling, or nothing printed since the
   * last read), CP SPOOL READER CLASS * (else vmur may refuse a class; a failure only risks
   * missing files), vmur list, then each of the guest's console files received. Unlike the
   * reference (vmur receive purges), a file is received with hold and purged only once its
   * text is in hand: a worker that dies between the two leaves it in the reader for the next
   * read instead of losing it. So 8/8 still goes on to the reader, for files such a read left
   * behind; with none there it fails as the reference's does (message 0409).
   */
  async consoleLog(userid: Userid): Promise<string[]> {
    let nothingSpooled = false;
    try {
      await this.#hv.call('Image_Console_Get', userid);
    } catch (e) {
      if (!isSmapi(e, [8, 8])) throw e;
      nothingSpooled = true;
    }
    await this.#hv.observe(() => this.#hv.transport.cp(cpCommand('SPOOL', 'READER', 'CLASS', '*')));
    const listed = await this.#hv.mgmt<ReaderListReply>('rdrlist', {});
    const consoles = (listed.files ?? []).filter(
      (f) => f.origin === userid && f.spoolClass === 'T' && f.type === 'CON',
    );
    if (nothingSpooled && !consoles.length) throw Errors.consoleNotSpooled(userid);
    const lines: string[] = [];
    for (const { spoolId } of consoles) {
      const spoolid = String(spoolId);
      const text = await this.#hv.observe(() => this.#hv.transport.mgmt('rdrreceive', { spoolid }));
      if (text.rc !== 0) continue; // as the reference: a file that cannot be received is skipped
      lines.push(...text.lines);
      await this.#hv.mgmt('purge', { spoolid });
    }
    return lines;
  }

  /**
   * unpackdiskimage: copies an image file (a header in any form the script reads, then the
   * disk bytes, gzip or raw) onto the user's minidisk, streaming it; `onBytes` gets the image bytes sent so far. The
   * user must be logged off, the image's type match the disk's and fit on it. "not linked; not
   * in CP directory" in the error: no such user or minidisk. Resolves with the bytes written.
   */
  async unpackDiskImage(
    userid: Userid,
    vdev: string,
    image: Readable,
    onBytes?: (n: number) => void,
  ): Promise<{ bytes: number; lines: string[] }> {
    const args = { userid, vdev };
    const r = await this.#hv.mgmt<UnpackDiskImageReply>('unpackdiskimage', args, image, onBytes);
    return { bytes: r.bytes ?? 0, lines: r.lines };
  }

  /**
   * creatediskimage: the image file of the user's (logged-off) minidisk, as a stream: the
   * script's 512-byte HLen header with the disk's full size, then its bytes (an FBA disk's from
   * its partition 1) gzip-compressed at `compressLevel` (0 = raw).
   */
  async createDiskImage(userid: Userid, vdev: string, compressLevel: number): Promise<Readable> {
    const args = { userid, vdev, compression: String(compressLevel) };
    const out = await this.#hv.observe(() => this.#hv.transport.mgmtFile('creatediskimage', args));
    if ('rc' in out) throw mgmtFailure(`creatediskimage ${Object.values(args).join(' ')}`, out);
    return out;
  }

  /** Punches a file to the user's virtual reader (class X unless given); its spool id. */
  async punchFile(
    userid: Userid,
    file: Readable,
    opts: { spoolClass?: string; name: string },
  ): Promise<number> {
    const args = { userid, class: opts.spoolClass ?? 'X', name: opts.name };
    const r = await this.#hv.mgmt<PunchReply>('punch', args, file);
    return r.spoolId ?? 0;
  }

  /** Purges one spool file from the user's reader. */
  async purgeReaderFile(userid: Userid, spoolId: number): Promise<void> {
    await this.#hv.mgmt('purge', { userid, spoolid: String(spoolId) });
  }

  /** The spool files in the user's reader, oldest first. */
  async readerFiles(userid: Userid): Promise<ReaderFile[]> {
    const r = await this.#hv.mgmt<QueryReaderReply>('queryrdr', { userid });
    return r.files ?? [];
  }

  /**
   * zthin refresh_bootmap on the management guest (`fcpchannel`, `wwpn`, `lun` comma lists
   * without `0x`; `wwid`, `minfcp`; RHCOS `ignitionurl`, `nicid`, `ipconfig`). Answers the
   * script's exit code and output either way: callers read `RESULT PATHS:` or `Exit MSG:`.
   */
  async refreshBootmap(args: MgmtArgs): Promise<MgmtReply> {
    return this.#hv.observe(() => this.#hv.transport.mgmt('refresh_bootmap', args));
  }

  /**
   * installfs: the file system `fstype` on the user's minidisk, which the management guest
   * links in `mode` and formats as its `deviceType` needs. Raises `mgmtFailure` otherwise.
   */
  async installFileSystem(
    userid: Userid,
    vdev: string,
    fs: { fstype: string; deviceType: string; mode: string },
  ): Promise<void> {
    await this.#hv.mgmt('installfs', {
      userid,
      vdev,
      fstype: fs.fstype,
      disktype: fs.deviceType,
      mode: fs.mode,
    });
  }

  /**
   * queryfs: the file system on the user's minidisk (`ext4`, `xfs`, `swap`, …), null when none
   * is found. Read back to tell whether an installfs whose answer was lost has happened.
   */
  async fileSystemOf(userid: Userid, vdev: string): Promise<string | null> {
    const r = await this.#hv.mgmt<QueryFsReply>('queryfs', { userid, vdev });
    return r.fstype ?? null;
  }
}
