import { Injectable } from '@nestjs/common';
import { HvError, type Userid } from '#envelope';
import type {
  AdapterQueryOutput,
  ImageDiskCreateOutput,
  ImageDiskCreateParams,
  ImageDiskQueryOutput,
  ImagePerformanceOutput,
  ImageStatusOutput,
  SmapiFunction,
  SystemInfoOutput,
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
import { HypervisorExchange } from './hypervisor.exchange.js';

/**
 * The hypervisor's own management interfaces, typed. Every method raises HvError with the
 * SMT-layer codes (overallRC 8 + the API's rc/rs, modID 1) when the hypervisor says no, so
 * callers decide which return/reason codes they tolerate; transport failures raise
 * `Errors.hvUnreachable` (retryable). Management-guest operations that fail raise
 * `mgmtFailure` (overallRC 3, rc 415, rs = the command's rc, its ERROR lines in the message).
 * The systems-management functions are here; CP queries (cp.queries.ts) and the management
 * guest's operations (management-guest.ops.ts) are sibling injectables over the same exchange.
 */
@Injectable()
export class SystemsManagement {
  // an ES private field: one test double may stand in for several parts (A & B stays a type)
  readonly #hv: HypervisorExchange;
  constructor(hv: HypervisorExchange) {
    this.#hv = hv;
  }

  /** One counted function call through the exchange (kept short: every method below is one). */
  private call<T>(fn: SmapiFunction, target: Userid | '*', params?: object): Promise<T> {
    return this.#hv.call<T>(fn, target, params);
  }

  /** Image_Create_DM: defines a user from directory statements. 400/8 exists, 436/4 no profile. */
  imageCreateDM(userid: Userid, directory: string[]): Promise<void> {
    return this.call('Image_Create_DM', userid, { directory });
  }

  /** Image_Delete_DM: removes the user's directory entry and its minidisks. 400/4 not found. */
  imageDeleteDM(userid: Userid): Promise<void> {
    return this.call('Image_Delete_DM', userid);
  }

  /** Image_Query_DM: the user's directory statements. 400/4 not found. */
  imageQueryDM(userid: Userid): Promise<string[]> {
    return this.call('Image_Query_DM', userid);
  }

  /** Image_Name_Query_DM: every user the directory defines. */
  imageNameQueryDM(): Promise<string[]> {
    return this.call('Image_Name_Query_DM', '*');
  }

  /** Image_Activate: logs the user on (IPL per directory). 200/8 already active, 200/4 no user. */
  imageActivate(userid: Userid): Promise<void> {
    return this.call('Image_Activate', userid);
  }

  /** Image_Deactivate: logs the user off. 200/12 not active, 200/16 being deactivated. */
  imageDeactivate(userid: Userid, immediate = true): Promise<void> {
    return this.call('Image_Deactivate', userid, { immediate });
  }

  /** Image_Disk_Create_DM: allocates a minidisk from a pool and adds its MDISK statement. */
  imageDiskCreateDM(userid: Userid, disk: ImageDiskCreateParams): Promise<ImageDiskCreateOutput> {
    return this.call('Image_Disk_Create_DM', userid, disk);
  }

  /** Image_Disk_Delete_DM: removes a minidisk and frees its extent. 208/36 not defined. */
  imageDiskDeleteDM(userid: Userid, vdev: string): Promise<void> {
    return this.call('Image_Disk_Delete_DM', userid, { vdev });
  }

  /**
   * Image_Disk_Query (`vdasd_id=ALL` or one vdev): the DASD of the running guest, each with the
   * real device it is on. 200/4 no user, 200/12 not logged on, 204/8 no such vdev.
   */
  imageDiskQuery(userid: Userid, vdasdId = 'ALL'): Promise<ImageDiskQueryOutput> {
    return this.call('Image_Disk_Query', userid, { vdasdId });
  }

  /** Image_Status_Query: which of the targets are logged on (`*` for all). */
  imageStatusQuery(target: Userid | '*' = '*'): Promise<ImageStatusOutput> {
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
  dedicateFcp(userid: Userid, fcp: string): Promise<void> {
    return this.call('Image_Device_Dedicate_DM', userid, { vdev: fcp, realDevice: fcp });
  }

  /** Image_Device_Undedicate_DM of an FCP. 404/8: the user does not have it. */
  undedicateFcp(userid: Userid, fcp: string): Promise<void> {
    return this.call('Image_Device_Undedicate_DM', userid, { vdev: fcp });
  }

  /**
   * VMRELOCATE: TEST (eligibility; 4/3000 not eligible, reasons in the message) or MOVE (the
   * guest runs on `destination` afterwards; 8/3000 failed, "0045" in the message = not logged on).
   */
  vmRelocate(userid: Userid, params: VmRelocateParams): Promise<VmRelocateOutput> {
    return this.call('VMRELOCATE', userid, params);
  }

  /** Image_Pause: PAUSE=YES (`pause` true) or NO. 200/12 not logged on. */
  imagePause(userid: Userid, pause: boolean): Promise<void> {
    return this.call('Image_Pause', userid, { pause });
  }

  /** Image_Lock_DM: locks the directory entry for an update. 400/12 already locked. */
  imageLockDM(userid: Userid): Promise<void> {
    return this.call('Image_Lock_DM', userid);
  }

  /** Image_Unlock_DM: releases the lock. 400/24 not locked. */
  imageUnlockDM(userid: Userid): Promise<void> {
    return this.call('Image_Unlock_DM', userid);
  }

  /** Image_Replace_DM: replaces a locked entry (400/24 not locked) and unlocks it. */
  imageReplaceDM(userid: Userid, directory: string[]): Promise<void> {
    return this.call('Image_Replace_DM', userid, { directory });
  }

  /** Image_Performance_Query: a guest's counters; undefined when it is not logged on. */
  async imagePerformance(userid: Userid): Promise<ImagePerformanceOutput | undefined> {
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
  nicCreateDM(userid: Userid, vdev: string, macId?: string): Promise<void> {
    return this.call('Virtual_Network_Adapter_Create_Extended_DM', userid, {
      vdev,
      adapterType: 'QDIO',
      ...(macId ? { macId } : {}),
    });
  }

  /** Virtual_Network_Adapter_Create_Extended: the NIC in the running guest. 204/4 in use. */
  nicCreate(userid: Userid, vdev: string): Promise<void> {
    return this.call('Virtual_Network_Adapter_Create_Extended', userid, {
      vdev,
      adapterType: 'QDIO',
    });
  }

  /** Virtual_Network_Adapter_Delete_DM: removes the NICDEF. 404/8 not defined. */
  nicDeleteDM(userid: Userid, vdev: string): Promise<void> {
    return this.call('Virtual_Network_Adapter_Delete_DM', userid, { vdev });
  }

  /** Virtual_Network_Adapter_Delete: detaches the running NIC. 204/8 not there. */
  nicDelete(userid: Userid, vdev: string): Promise<void> {
    return this.call('Virtual_Network_Adapter_Delete', userid, { vdev });
  }

  /** Virtual_Network_Adapter_Connect_Vswitch_DM: couples at logon. 212/40 no such vswitch. */
  nicConnectDM(userid: Userid, vdev: string, vswitch: string): Promise<void> {
    return this.call('Virtual_Network_Adapter_Connect_Vswitch_DM', userid, { vdev, vswitch });
  }

  /**
   * Virtual_Network_Adapter_Connect_Vswitch: couples the running NIC. 212/40 no such vswitch,
   * 204/8 no such NIC, 204/20 already coupled.
   */
  nicConnect(userid: Userid, vdev: string, vswitch: string): Promise<void> {
    return this.call('Virtual_Network_Adapter_Connect_Vswitch', userid, { vdev, vswitch });
  }

  /** Virtual_Network_Adapter_Disconnect_DM: drops the coupling. 212/32 not coupled. */
  nicDisconnectDM(userid: Userid, vdev: string): Promise<void> {
    return this.call('Virtual_Network_Adapter_Disconnect_DM', userid, { vdev });
  }

  /** Virtual_Network_Adapter_Disconnect: uncouples the running NIC. 204/48 not coupled. */
  nicDisconnect(userid: Userid, vdev: string): Promise<void> {
    return this.call('Virtual_Network_Adapter_Disconnect', userid, { vdev });
  }

  /** Virtual_Network_Adapter_Query_Extended: the running guest's NICs. 200/12 not logged on. */
  adapterQuery(userid: Userid): Promise<AdapterQueryOutput> {
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
}
