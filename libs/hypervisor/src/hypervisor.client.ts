import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { Errors, HvError } from '#envelope';
import { cpCommand } from './cp-command.js';
import { mgmtFailure } from './mgmt.error.js';
import type {
  AdapterQueryOutput,
  ImageDiskCreateOutput,
  ImageDiskCreateParams,
  ImageDiskQueryOutput,
  ImagePerformanceOutput,
  ImageStatusOutput,
  MgmtArgs,
  MgmtOperation,
  MgmtReply,
  PunchReply,
  QueryReaderReply,
  ReaderFile,
  ReaderListReply,
  SmapiFunction,
  SystemInfoOutput,
  UnpackDiskImageReply,
  VmRelocateOutput,
  VmRelocateParams,
  VolumeSpaceOutput,
  VswitchByteStatsOutput,
  WwpnQueryOutput,
} from './protocol.js';
import type {
  VswitchCreateParams,
  VswitchExtendedInfo,
  VswitchSetParams,
} from './vswitch.protocol.js';
import { SmapiHealth } from './smapi-health.js';
import { tolerating } from './smapi.tolerance.js';
import { HypervisorTransport } from './transport.js';

export type PowerState = 'on' | 'off';

/**
 * The hypervisor's own management interfaces, typed. Every method raises HvError with the
 * SMT-layer codes (overallRC 8 + the API's rc/rs, modID 1) when the hypervisor says no, so
 * callers decide which return/reason codes they tolerate; transport failures raise
 * `Errors.hvUnreachable` (retryable). Management-guest operations that fail raise
 * `mgmtFailure` (overallRC 3, rc 415, rs = the command's rc, its ERROR lines in the message).
 */
@Injectable()
export class HypervisorClient {
  constructor(
    private readonly transport: HypervisorTransport,
    private readonly health: SmapiHealth,
  ) {}

  /** Runs one exchange with the hypervisor, counting whether the link answered. */
  private async observe<T>(exchange: () => Promise<T>): Promise<T> {
    try {
      const out = await exchange();
      void this.health.record(true);
      return out;
    } catch (e) {
      // Only our own errors say the link failed; a caller's input stream failing says nothing.
      if (e instanceof HvError) void this.health.record(false);
      throw e;
    }
  }

  private async mgmt<T extends MgmtReply>(
    op: MgmtOperation,
    args: MgmtArgs,
    input?: Readable,
    onBytes?: (sent: number) => void,
  ): Promise<T> {
    const reply = await this.observe(() => this.transport.mgmt<T>(op, args, input, onBytes));
    if (reply.rc !== 0) throw mgmtFailure(`${op} ${Object.values(args).join(' ')}`, reply);
    return reply;
  }

  private async call<T>(fn: SmapiFunction, target: string, params?: object): Promise<T> {
    const reply = await this.observe(() =>
      this.transport.smapi<T>(fn, target.toUpperCase(), params),
    );
    if (reply.rc !== 0) {
      throw Errors.smapi(
        reply.rc,
        reply.rs,
        `SMAPI ${fn} for ${target.toUpperCase()} failed: rc ${reply.rc} rs ${reply.rs}` +
          (reply.errmsg ? ` (${reply.errmsg})` : ''),
      );
    }
    return reply.output as T;
  }

  /** Image_Create_DM: defines a user from directory statements. 400/8 exists, 436/4 no profile. */
  imageCreateDM(userid: string, directory: string[]): Promise<void> {
    return this.call('Image_Create_DM', userid, { directory });
  }

  /** Image_Delete_DM: removes the user's directory entry and its minidisks. 400/4 not found. */
  imageDeleteDM(userid: string): Promise<void> {
    return this.call('Image_Delete_DM', userid);
  }

  /** Image_Query_DM: the user's directory statements. 400/4 not found. */
  imageQueryDM(userid: string): Promise<string[]> {
    return this.call('Image_Query_DM', userid);
  }

  /** Image_Name_Query_DM: every user the directory defines. */
  imageNameQueryDM(): Promise<string[]> {
    return this.call('Image_Name_Query_DM', '*');
  }

  /** Image_Activate: logs the user on (IPL per directory). 200/8 already active, 200/4 no user. */
  imageActivate(userid: string): Promise<void> {
    return this.call('Image_Activate', userid);
  }

  /** Image_Deactivate: logs the user off. 200/12 not active, 200/16 being deactivated. */
  imageDeactivate(userid: string, immediate = true): Promise<void> {
    return this.call('Image_Deactivate', userid, { immediate });
  }

  /** Image_Disk_Create_DM: allocates a minidisk from a pool and adds its MDISK statement. */
  imageDiskCreateDM(userid: string, disk: ImageDiskCreateParams): Promise<ImageDiskCreateOutput> {
    return this.call('Image_Disk_Create_DM', userid, disk);
  }

  /** Image_Disk_Delete_DM: removes a minidisk and frees its extent. 208/36 not defined. */
  imageDiskDeleteDM(userid: string, vdev: string): Promise<void> {
    return this.call('Image_Disk_Delete_DM', userid, { vdev });
  }

  /**
   * Image_Disk_Query (`vdasd_id=ALL` or one vdev): the DASD of the running guest, each with the
   * real device it is on. 200/4 no user, 200/12 not logged on, 204/8 no such vdev.
   */
  imageDiskQuery(userid: string, vdasdId = 'ALL'): Promise<ImageDiskQueryOutput> {
    return this.call('Image_Disk_Query', userid, { vdasdId });
  }

  /** Image_Status_Query: which of the targets are logged on (`*` for all). */
  imageStatusQuery(target = '*'): Promise<ImageStatusOutput> {
    return this.call('Image_Status_Query', target);
  }

  /** Image_Volume_Space_Query_DM: space of one disk pool. */
  volumeSpaceQuery(pool: string): Promise<VolumeSpaceOutput> {
    return this.call('Image_Volume_Space_Query_DM', '*', { pool });
  }

  /** Image_Volume_Space_Query_DM for one volume: its pool, device type and size. 420/8 unknown. */
  volumeQuery(volume: string): Promise<VolumeSpaceOutput> {
    return this.call('Image_Volume_Space_Query_DM', '*', { volume });
  }

  /** System_Info_Query: hypervisor level, machine, IPL time, CPUs and storage in use. */
  systemInfoQuery(): Promise<SystemInfoOutput> {
    return this.call('System_Info_Query', '*');
  }

  /** System_Information_Query: the CP instance's lines (time, level, IPL, `STORAGE=`). */
  systemInformationQuery(): Promise<string[]> {
    return this.call('System_Information_Query', '*');
  }

  /** System_Performance_Information_Query without per-CPU details: `keyword=value` lines. */
  systemPerformanceInformationQuery(): Promise<string[]> {
    return this.call('System_Performance_Information_Query', '*', { detailedCpu: 'show=no' });
  }

  /** System_WWPN_Query: every FCP device (CHPID, PCHID, WWPNs, state, owner). */
  systemWwpnQuery(): Promise<WwpnQueryOutput> {
    return this.call('System_WWPN_Query', '*');
  }

  /** Image_Device_Dedicate_DM of an FCP (vdev = real device). 404/28 offline or used. */
  dedicateFcp(userid: string, fcp: string): Promise<void> {
    return this.call('Image_Device_Dedicate_DM', userid, { vdev: fcp, realDevice: fcp });
  }

  /** Image_Device_Undedicate_DM of an FCP. 404/8: the user does not have it. */
  undedicateFcp(userid: string, fcp: string): Promise<void> {
    return this.call('Image_Device_Undedicate_DM', userid, { vdev: fcp });
  }

  /**
   * VMRELOCATE: TEST (eligibility; 4/3000 not eligible, reasons in the message) or MOVE (the
   * guest runs on `destination` afterwards; 8/3000 failed, "0045" in the message = not logged on).
   */
  vmRelocate(userid: string, params: VmRelocateParams): Promise<VmRelocateOutput> {
    return this.call('VMRELOCATE', userid, params);
  }

  /** Image_Pause: PAUSE=YES (`pause` true) or NO. 200/12 not logged on. */
  imagePause(userid: string, pause: boolean): Promise<void> {
    return this.call('Image_Pause', userid, { pause });
  }

  /** Image_Lock_DM: locks the directory entry for an update. 400/12 already locked. */
  imageLockDM(userid: string): Promise<void> {
    return this.call('Image_Lock_DM', userid);
  }

  /** Image_Unlock_DM: releases the lock. 400/24 not locked. */
  imageUnlockDM(userid: string): Promise<void> {
    return this.call('Image_Unlock_DM', userid);
  }

  /** Image_Replace_DM: replaces a locked entry (400/24 not locked) and unlocks it. */
  imageReplaceDM(userid: string, directory: string[]): Promise<void> {
    return this.call('Image_Replace_DM', userid, { directory });
  }

  /** Image_Performance_Query: a guest's counters; undefined when it is not logged on. */
  async imagePerformance(userid: string): Promise<ImagePerformanceOutput | undefined> {
    return (
      (await this.call<ImagePerformanceOutput | undefined>('Image_Performance_Query', userid)) ??
      undefined
    );
  }

  /** Virtual_Network_Vswitch_Query of every switch: names. 212/40 when none is defined. */
  vswitchNames(): Promise<string[]> {
    return this.call('Virtual_Network_Vswitch_Query', '*', { switchName: '*' });
  }

  /** Virtual_Network_Vswitch_Create_Extended. 212/36 exists, 24/xx a bad keyword value. */
  vswitchCreate(params: VswitchCreateParams): Promise<void> {
    return this.call('Virtual_Network_Vswitch_Create_Extended', '*', params);
  }

  /** Virtual_Network_Vswitch_Query_Extended of one switch. 212/40 not found. */
  async vswitchQuery(name: string): Promise<VswitchExtendedInfo> {
    const params = { switchName: name.toUpperCase() };
    const [info] = await this.call<VswitchExtendedInfo[]>(
      'Virtual_Network_Vswitch_Query_Extended',
      '*',
      params,
    );
    return info;
  }

  /** Virtual_Network_Vswitch_Delete_Extended (persist: also from the system config). 212/40. */
  vswitchDelete(name: string, persist = true): Promise<void> {
    const params = { switchName: name.toUpperCase(), persist };
    return this.call('Virtual_Network_Vswitch_Delete_Extended', '*', params);
  }

  /**
   * Virtual_Network_Vswitch_Set_Extended: grant (with an optional user VLAN id) or revoke.
   * 212/40 no such switch, 396/2846 a VLAN id on a VLAN-unaware switch.
   */
  vswitchSet(params: VswitchSetParams): Promise<void> {
    const upper = { ...params, switchName: params.switchName.toUpperCase() };
    return this.call('Virtual_Network_Vswitch_Set_Extended', '*', upper);
  }

  /**
   * Virtual_Network_Adapter_Create_Extended_DM: a QDIO NIC in the directory (`NICDEF`), with
   * the MAC's last 6 hex digits when given. 404/4 device numbers in use, 400/12 locked.
   */
  nicCreateDM(userid: string, vdev: string, macId?: string): Promise<void> {
    return this.call('Virtual_Network_Adapter_Create_Extended_DM', userid, {
      vdev,
      adapterType: 'QDIO',
      ...(macId ? { macId } : {}),
    });
  }

  /** Virtual_Network_Adapter_Create_Extended: the NIC in the running guest. 204/4 in use. */
  nicCreate(userid: string, vdev: string): Promise<void> {
    return this.call('Virtual_Network_Adapter_Create_Extended', userid, {
      vdev,
      adapterType: 'QDIO',
    });
  }

  /** Virtual_Network_Adapter_Delete_DM: removes the NICDEF. 404/8 not defined. */
  nicDeleteDM(userid: string, vdev: string): Promise<void> {
    return this.call('Virtual_Network_Adapter_Delete_DM', userid, { vdev });
  }

  /** Virtual_Network_Adapter_Delete: detaches the running NIC. 204/8 not there. */
  nicDelete(userid: string, vdev: string): Promise<void> {
    return this.call('Virtual_Network_Adapter_Delete', userid, { vdev });
  }

  /** Virtual_Network_Adapter_Connect_Vswitch_DM: couples at logon. 212/40 no such vswitch. */
  nicConnectDM(userid: string, vdev: string, vswitch: string): Promise<void> {
    return this.call('Virtual_Network_Adapter_Connect_Vswitch_DM', userid, { vdev, vswitch });
  }

  /**
   * Virtual_Network_Adapter_Connect_Vswitch: couples the running NIC. 212/40 no such vswitch,
   * 204/8 no such NIC, 204/20 already coupled.
   */
  nicConnect(userid: string, vdev: string, vswitch: string): Promise<void> {
    return this.call('Virtual_Network_Adapter_Connect_Vswitch', userid, { vdev, vswitch });
  }

  /** Virtual_Network_Adapter_Disconnect_DM: drops the coupling. 212/32 not coupled. */
  nicDisconnectDM(userid: string, vdev: string): Promise<void> {
    return this.call('Virtual_Network_Adapter_Disconnect_DM', userid, { vdev });
  }

  /** Virtual_Network_Adapter_Disconnect: uncouples the running NIC. 204/48 not coupled. */
  nicDisconnect(userid: string, vdev: string): Promise<void> {
    return this.call('Virtual_Network_Adapter_Disconnect', userid, { vdev });
  }

  /** Virtual_Network_Adapter_Query_Extended: the running guest's NICs. 200/12 not logged on. */
  adapterQuery(userid: string): Promise<AdapterQueryOutput> {
    return this.call('Virtual_Network_Adapter_Query_Extended', userid, { vdev: '*' });
  }

  /** Virtual_Network_Vswitch_Query for one name: whether the vswitch exists (212/40 = no). */
  async vswitchExists(name: string): Promise<boolean> {
    try {
      await this.call('Virtual_Network_Vswitch_Query', '*', { switchName: name.toUpperCase() });
      return true;
    } catch (e) {
      if (e instanceof HvError && e.overallRC === 8 && e.rc === 212 && e.rs === 40) return false;
      throw e;
    }
  }

  /** Virtual_Network_Vswitch_Query_Byte_Stats: counters of every NIC coupled to a vswitch. */
  vswitchByteStats(): Promise<VswitchByteStatsOutput> {
    return this.call('Virtual_Network_Vswitch_Query_Byte_Stats', '*', { vswitch: '*' });
  }

  /**
   * A command in the guest's OS over IUCV (the reference's execcmdonvm): its output lines.
   * Raises `mgmtFailure` when the guest is not reachable or the command fails.
   */
  async execInGuest(userid: string, cmd: string): Promise<string[]> {
    return (await this.mgmt('execcmd', { userid: userid.toUpperCase(), cmd })).lines;
  }

  /**
   * The guest's spooled console lines since the last read; empty unless its directory spools
   * the console. As the reference's getVM.getConsole: Image_Console_Get closes the guest's
   * console spool file into the management guest's reader (8/8: not logged on or not
   * spooling, read here as nothing new), CP SPOOL READER CLASS * (else vmur may refuse a class;
   * a failure only risks missing files), vmur list, then each of the guest's console files
   * received. Unlike the reference (vmur receive purges), a file is received with hold and
   * purged only once its text is in hand: a worker that dies between the two leaves it in the
   * reader for the next read instead of losing it. 8/8 still goes on to the reader, for files
   * such a read left behind.
   */
  async consoleLog(userid: string): Promise<string[]> {
    const guest = userid.toUpperCase();
    await tolerating(this.call('Image_Console_Get', guest), [8, 8]);
    await this.observe(() => this.transport.cp(cpCommand('SPOOL', 'READER', 'CLASS', '*')));
    const listed = await this.mgmt<ReaderListReply>('rdrlist', {});
    const consoles = (listed.files ?? []).filter(
      (f) => f.origin === guest && f.spoolClass === 'T' && f.type === 'CON',
    );
    const lines: string[] = [];
    for (const { spoolId } of consoles) {
      const spoolid = String(spoolId);
      const text = await this.observe(() => this.transport.mgmt('rdrreceive', { spoolid }));
      if (text.rc !== 0) continue; // as the reference: a file that cannot be received is skipped
      lines.push(...text.lines);
      await this.mgmt('purge', { spoolid });
    }
    return lines;
  }

  /** CP `QUERY SSI`: the cluster's lines as CP prints them; [] when not an SSI member. */
  async querySsi(): Promise<string[]> {
    const reply = await this.observe(() => this.transport.cp(cpCommand('QUERY', 'SSI')));
    if (reply.rc === 0) return reply.lines;
    if (reply.rc === 2650) return [];
    throw Errors.cp(`CP QUERY SSI failed: rc ${reply.rc} ${reply.lines.join(' ')}`);
  }

  /** CP `QUERY USERID`: the management guest's userid and the system it runs on. */
  async queryUserid(): Promise<{ userid: string; systemId: string }> {
    const reply = await this.observe(() => this.transport.cp(cpCommand('QUERY', 'USERID')));
    const m = /^(\S+)\s+AT\s+(\S+)/.exec(reply.lines[0] ?? '');
    if (reply.rc !== 0 || !m) {
      throw Errors.cp(`CP QUERY USERID failed: rc ${reply.rc} ${reply.lines.join(' ')}`);
    }
    return { userid: m[1], systemId: m[2] };
  }

  /** CP `QUERY CPLEVEL`: the level, generation and IPL lines as CP prints them. */
  async queryCplevel(): Promise<string[]> {
    const reply = await this.observe(() => this.transport.cp(cpCommand('QUERY', 'CPLEVEL')));
    if (reply.rc !== 0) {
      throw Errors.cp(`CP QUERY CPLEVEL failed: rc ${reply.rc} ${reply.lines.join(' ')}`);
    }
    return reply.lines;
  }

  /**
   * CP `QUERY USER`: whether the user is logged on. HCP045E (not logged on) and HCP003E/HCP361E
   * (no such user) both read as `off`, as the reference does.
   */
  async queryUserPower(userid: string): Promise<PowerState> {
    const reply = await this.observe(() =>
      this.transport.cp(cpCommand('QUERY', 'USER', userid.toUpperCase())),
    );
    if (reply.rc === 0) return 'on';
    const text = reply.lines.join(' ');
    if ([45, 3, 361].includes(reply.rc) || /HCP(045|003|361)E/.test(text)) return 'off';
    throw Errors.cp(`CP QUERY USER ${userid.toUpperCase()} failed: rc ${reply.rc} ${text}`);
  }

  /**
   * CP `QUERY USER id AT ALL`: the SSI member the user runs on now; null when not logged on
   * (HCP045E, or no such user).
   */
  async memberOf(userid: string): Promise<string | null> {
    const id = userid.toUpperCase();
    const reply = await this.observe(() =>
      this.transport.cp(cpCommand('QUERY', 'USER', id, 'AT', 'ALL')),
    );
    const m = / AT (\S+)\s*$/.exec(reply.lines[0] ?? '');
    if (reply.rc === 0 && m) return m[1];
    const text = reply.lines.join(' ');
    if ([45, 3, 361].includes(reply.rc) || /HCP(045|003|361)E/.test(text)) return null;
    throw Errors.cp(`CP QUERY USER ${id} AT ALL failed: rc ${reply.rc} ${text}`);
  }

  /** CP `QUERY VMRELOCATE id`: whether a relocation of the user is in progress. */
  async relocating(userid: string): Promise<boolean> {
    const id = userid.toUpperCase();
    const reply = await this.observe(() => this.transport.cp(cpCommand('QUERY', 'VMRELOCATE', id)));
    if (reply.rc !== 0) {
      throw Errors.cp(`CP QUERY VMRELOCATE ${id} failed: rc ${reply.rc} ${reply.lines.join(' ')}`);
    }
    return !reply.lines.some((l) => /no relocations in progress/i.test(l));
  }

  /**
   * unpackdiskimage: copies an image file (64-byte header, then the disk bytes, gzip or raw)
   * onto the user's minidisk, streaming it; `onBytes` gets the image bytes sent so far. The
   * user must be logged off, the image's type match the disk's and fit on it. "not linked; not
   * in CP directory" in the error: no such user or minidisk. Resolves with the bytes written.
   */
  async unpackDiskImage(
    userid: string,
    vdev: string,
    image: Readable,
    onBytes?: (n: number) => void,
  ): Promise<{ bytes: number; lines: string[] }> {
    const args = { userid: userid.toUpperCase(), vdev };
    const r = await this.mgmt<UnpackDiskImageReply>('unpackdiskimage', args, image, onBytes);
    return { bytes: r.bytes ?? 0, lines: r.lines };
  }

  /**
   * creatediskimage: the image file of the user's (logged-off) minidisk, as a stream: header
   * with the disk's full size, then its bytes gzip-compressed at `compressLevel` (0 = raw).
   */
  async createDiskImage(userid: string, vdev: string, compressLevel: number): Promise<Readable> {
    const args = { userid: userid.toUpperCase(), vdev, compression: String(compressLevel) };
    const out = await this.observe(() => this.transport.mgmtFile('creatediskimage', args));
    if ('rc' in out) throw mgmtFailure(`creatediskimage ${Object.values(args).join(' ')}`, out);
    return out;
  }

  /** Punches a file to the user's virtual reader (class X unless given); its spool id. */
  async punchFile(
    userid: string,
    file: Readable,
    opts: { spoolClass?: string; name: string },
  ): Promise<number> {
    const args = { userid: userid.toUpperCase(), class: opts.spoolClass ?? 'X', name: opts.name };
    const r = await this.mgmt<PunchReply>('punch', args, file);
    return r.spoolId ?? 0;
  }

  /** Purges one spool file from the user's reader. */
  async purgeReaderFile(userid: string, spoolId: number): Promise<void> {
    await this.mgmt('purge', { userid: userid.toUpperCase(), spoolid: String(spoolId) });
  }

  /** The spool files in the user's reader, oldest first. */
  async readerFiles(userid: string): Promise<ReaderFile[]> {
    const r = await this.mgmt<QueryReaderReply>('queryrdr', { userid: userid.toUpperCase() });
    return r.files ?? [];
  }

  /**
   * zthin refresh_bootmap on the management guest (`fcpchannel`, `wwpn`, `lun` comma lists
   * without `0x`; `wwid`, `minfcp`; RHCOS `ignitionurl`, `nicid`, `ipconfig`). Answers the
   * script's exit code and output either way: callers read `RESULT PATHS:` or `Exit MSG:`.
   */
  async refreshBootmap(args: MgmtArgs): Promise<MgmtReply> {
    return this.observe(() => this.transport.mgmt('refresh_bootmap', args));
  }

  /**
   * installfs: the file system `fstype` on the user's minidisk, which the management guest
   * links in `mode` and formats as its `deviceType` needs. Raises `mgmtFailure` otherwise.
   */
  async installFileSystem(
    userid: string,
    vdev: string,
    fs: { fstype: string; deviceType: string; mode: string },
  ): Promise<void> {
    await this.mgmt('installfs', {
      userid: userid.toUpperCase(),
      vdev,
      fstype: fs.fstype,
      disktype: fs.deviceType,
      mode: fs.mode,
    });
  }

  /** Whether the hypervisor link answers; counted in the health counters like any call. */
  async ping(): Promise<boolean> {
    const ok = await this.transport.ping();
    void this.health.record(ok);
    return ok;
  }
}
