import { defaultState, ensureInventory, type InventoryOptions } from './default.inventory.js';
import { DiskFiles } from './disk.files.js';
import { unitsToBytes } from './geometry.constants.js';
import { volumeFree } from './pool.allocator.js';
import type { StateStore } from './state.store.js';
import type { PoolRecord, SimState, SpoolFileRecord, UserRecord } from './state.types.js';
import {
  DEFAULT_FCP_INVENTORY,
  fcpDevicesOf,
  type FcpInventory,
  type FcpRecord,
} from './fcp.inventory.js';
import type { VswitchRecord } from './network.types.js';

/** The management guest: who the service's tools run as (CP QUERY USERID answers it). */
export const MANAGEMENT_GUEST = 'HVSIMMGR';

/** CP numbers spool files 1–9999, system-wide, and wraps around. */
const MAX_SPOOL_ID = 9999;

export type PowerState = 'on' | 'off' | 'stopping';

/** Admin view of one user. */
export interface UserView {
  userid: string;
  power: PowerState;
  paused: boolean;
  /** SSI member it runs on, while logged on. */
  member?: string;
  directory: string[];
  activeDevices: string[];
  disks: UserRecord['disks'];
  reader: UserRecord['reader'];
  /** The booted OS while logged on (null when none was recognised or the user is off). */
  os: { distro: string; kernel: string } | null;
  /** Disks its OS mounts (fstab), when any. */
  mounts?: UserRecord['mounts'];
  activeNics: NonNullable<UserRecord['activeNics']>;
  guestNetwork: NonNullable<UserRecord['guestNetwork']>;
}

/**
 * The simulated system: user directory, power state and disk pools, persisted through a
 * StateStore; minidisk and spool bytes live in files beside it (`files`). Mutators call
 * `changed()`; time-driven transitions (a signalled shutdown ending in logoff) are applied
 * lazily whenever a user is read.
 */
export class HypervisorState {
  private constructor(
    private data: SimState,
    private readonly store: StateStore,
    private readonly inventory: InventoryOptions,
    private readonly now: () => number,
    readonly files: DiskFiles,
  ) {}

  static async open(
    store: StateStore,
    inventory: InventoryOptions,
    now: () => number = Date.now,
  ): Promise<HypervisorState> {
    const data = (await store.load()) ?? defaultState(inventory);
    // Settings may have grown since the state was saved (a new USER_PROFILE or DISK_POOL).
    data.systemId = inventory.systemId;
    ensureInventory(data, inventory);
    // A changed FCP inventory (other devices) replaces the saved devices.
    const fcpIds = (l: FcpRecord[]) => l.map((d) => d.fcpId).join(',');
    const devices = fcpDevicesOf(inventory.fcp ?? DEFAULT_FCP_INVENTORY);
    if (data.fcp && fcpIds(data.fcp) !== fcpIds(devices)) data.fcp = devices;
    const files = new DiskFiles(store.dir);
    files.sweepTemps();
    for (const u of Object.values(data.users)) {
      u.reader ??= []; // saved before readers existed
      for (const d of Object.values(u.disks)) {
        files.ensureMinidisk(u.userid, d.vdev, unitsToBytes(d.deviceType, d.units), d.format);
      }
    }
    const state = new HypervisorState(data, store, inventory, now, files);
    state.changed();
    return state;
  }

  get systemId(): string {
    return this.data.systemId;
  }

  /** SSI member systems, this one first; a single entry when not in a cluster. */
  get members(): readonly string[] {
    return this.inventory.ssiMembers?.length ? this.inventory.ssiMembers : [this.systemId];
  }

  get inCluster(): boolean {
    return this.members.length > 1;
  }

  /** The member a logged-on user runs on (undefined while logged off). */
  memberOf(u: UserRecord): string | undefined {
    return u.loggedOn ? (u.member ?? this.systemId) : undefined;
  }

  /** When this system was IPLed: the simulator's start. */
  readonly iplTime = Date.now();

  /**
   * Relocations in progress (userid → destination): a VMRELOCATE MOVE from its arrival to its
   * answer, so one held by a hanging fault is a relocation that takes that long. Not saved.
   */
  readonly relocating = new Map<string, string>();

  get profiles(): readonly string[] {
    return this.data.profiles;
  }

  get pools(): Record<string, PoolRecord> {
    return this.data.pools;
  }

  /** The user (upper-case id) with pending transitions applied, or undefined. */
  user(userid: string): UserRecord | undefined {
    const u = this.data.users[userid];
    if (u) this.settle(u);
    return u;
  }

  userIds(): string[] {
    return Object.keys(this.data.users).sort();
  }

  addUser(user: UserRecord): void {
    this.data.users[user.userid] = user;
    this.changed();
  }

  /** Removes the user with the bytes of its minidisks and reader, freeing its FCPs. */
  removeUser(userid: string): void {
    const u = this.data.users[userid];
    if (!u) return;
    for (const vdev of Object.keys(u.disks))
      this.files.remove(this.files.minidiskPath(userid, vdev));
    for (const f of u.reader) this.files.remove(this.files.spoolPath(userid, f.spoolId));
    // its dedicated FCPs go back to the system with its directory entry
    for (const d of this.data.fcp ?? []) {
      if (d.owner !== userid) continue;
      delete d.owner;
      d.state = 'free';
    }
    delete this.data.users[userid];
    this.changed();
  }

  /** The next free spool id, or undefined when every id is taken. */
  nextSpoolId(): number | undefined {
    const readers = [
      ...Object.values(this.data.users).map((u) => u.reader),
      this.managementReader(),
    ];
    const used = new Set(readers.flat().map((f) => f.spoolId));
    if (used.size >= MAX_SPOOL_ID) return undefined;
    let id = this.data.spoolSeq ?? 0;
    do id = (id % MAX_SPOOL_ID) + 1;
    while (used.has(id));
    this.data.spoolSeq = id;
    this.changed();
    return id;
  }

  /** The management guest's own reader, oldest first (live records: mutators call `changed()`). */
  managementReader(): SpoolFileRecord[] {
    this.data.managementReader ??= [];
    return this.data.managementReader;
  }

  pool(name: string): PoolRecord | undefined {
    return this.data.pools[name];
  }

  clock(): number {
    return this.now();
  }

  /** Logs a user off: the running configuration goes away with it. */
  logOff(u: UserRecord): void {
    u.loggedOn = false;
    u.paused = false;
    u.activeDevices = [];
    delete u.logoffAt;
    delete u.member;
    delete u.os;
    delete u.activeNics;
    this.changed();
  }

  powerOf(u: UserRecord): PowerState {
    if (!u.loggedOn) return 'off';
    return u.logoffAt === undefined ? 'on' : 'stopping';
  }

  /** Marks the state as modified (call it after mutating); it reaches disk soon (StateStore). */
  changed(): void {
    this.store.scheduleSave(this.data);
  }

  /** Resolves once every change so far is on disk: a call is answered only then. */
  durable(): Promise<void> {
    return this.store.durable();
  }

  /** Back to a freshly installed system (the configured profiles and pools, no users). */
  reset(): void {
    this.data = defaultState(this.inventory);
    this.files.clear();
    this.changed();
  }

  flush(): Promise<void> {
    return this.store.flush();
  }

  /** The FCP devices (live records: mutators call `changed()`); seeded lazily after reset. */
  fcpDevices(): FcpRecord[] {
    this.data.fcp ??= fcpDevicesOf(this.fcpInventory);
    return this.data.fcp;
  }

  /** Vswitches by upper-case name (live records: mutators call `changed()`). */
  vswitches(): Record<string, VswitchRecord> {
    this.data.vswitches ??= {};
    return this.data.vswitches;
  }

  /** The configured FCP hardware: CPC, channels, storage targets. */
  get fcpInventory(): FcpInventory {
    return this.inventory.fcp ?? DEFAULT_FCP_INVENTORY;
  }

  /** Whole state for the admin API: users with directory, power and disks; pools with space. */
  view(): { systemId: string; profiles: string[]; users: UserView[]; pools: unknown[] } {
    const users = this.userIds().map((id) => {
      const u = this.user(id) as UserRecord;
      return {
        userid: u.userid,
        power: this.powerOf(u),
        paused: u.paused,
        ...(u.loggedOn ? { member: this.memberOf(u) } : {}),
        directory: [...u.directory],
        activeDevices: [...u.activeDevices],
        disks: structuredClone(u.disks),
        reader: u.reader.map((f) => ({ ...f })),
        os: u.os ?? null,
        ...(u.mounts?.length ? { mounts: u.mounts.map((m) => ({ ...m })) } : {}),
        activeNics: structuredClone(u.activeNics ?? {}),
        guestNetwork: structuredClone(u.guestNetwork ?? { interfaces: {} }),
      };
    });
    const pools = Object.values(this.data.pools).map((p) => ({
      name: p.name,
      deviceType: p.deviceType,
      total: p.volumes.reduce((s, v) => s + v.size, 0),
      free: p.volumes.reduce((s, v) => s + volumeFree(v), 0),
      volumes: p.volumes.map((v) => ({ ...structuredClone(v), free: volumeFree(v) })),
    }));
    return { systemId: this.systemId, profiles: [...this.profiles], users, pools };
  }

  private settle(u: UserRecord): void {
    if (u.logoffAt !== undefined && this.now() >= u.logoffAt) this.logOff(u);
  }
}
