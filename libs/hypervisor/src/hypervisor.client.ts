import { Injectable } from '@nestjs/common';
import { Errors, HvError } from '#envelope';
import type {
  ImageDiskCreateOutput,
  ImageDiskCreateParams,
  ImageStatusOutput,
  SmapiFunction,
  VolumeSpaceOutput,
} from './protocol.js';
import { SmapiHealth } from './smapi-health.js';
import { HypervisorTransport } from './transport.js';

export type PowerState = 'on' | 'off';

/**
 * The hypervisor's own management interfaces, typed. Every method raises HvError with the
 * SMT-layer codes (overallRC 8 + the API's rc/rs, modID 1) when the hypervisor says no, so
 * callers decide which return/reason codes they tolerate; transport failures raise
 * `Errors.hvUnreachable` (retryable).
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
      void this.health.record(false);
      throw e;
    }
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

  /** Image_Status_Query: which of the targets are logged on (`*` for all). */
  imageStatusQuery(target = '*'): Promise<ImageStatusOutput> {
    return this.call('Image_Status_Query', target);
  }

  /** Image_Volume_Space_Query_DM: space of one disk pool. */
  volumeSpaceQuery(pool: string): Promise<VolumeSpaceOutput> {
    return this.call('Image_Volume_Space_Query_DM', '*', { pool });
  }

  /**
   * CP `QUERY USER`: whether the user is logged on. HCP045E (not logged on) and HCP003E/HCP361E
   * (no such user) both read as `off`, as the reference does.
   */
  async queryUserPower(userid: string): Promise<PowerState> {
    const reply = await this.observe(() => this.transport.cp(`QUERY USER ${userid.toUpperCase()}`));
    if (reply.rc === 0) return 'on';
    const text = reply.lines.join(' ');
    if ([45, 3, 361].includes(reply.rc) || /HCP(045|003|361)E/.test(text)) return 'off';
    throw Errors.cp(`CP QUERY USER ${userid.toUpperCase()} failed: rc ${reply.rc} ${text}`);
  }

  /** Whether the hypervisor link answers. */
  ping(): Promise<boolean> {
    return this.transport.ping();
  }
}

/** True when `err` is an SMT failure with one of the given (rc, rs) pairs. */
export function isSmapi(err: unknown, ...codes: [number, number][]): err is HvError {
  return (
    err instanceof HvError &&
    err.overallRC === 8 &&
    codes.some(([rc, rs]) => err.rc === rc && err.rs === rs)
  );
}

/**
 * Awaits a hypervisor call, treating the given (rc, rs) answers as success: the state the
 * caller wants already holds (already active, already gone, …).
 */
export async function tolerating(
  call: Promise<unknown>,
  ...codes: [number, number][]
): Promise<void> {
  try {
    await call;
  } catch (e) {
    if (!isSmapi(e, ...codes)) throw e;
  }
}
