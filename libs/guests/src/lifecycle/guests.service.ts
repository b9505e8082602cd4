import { Injectable } from '@nestjs/common';
import { AppConfig } from '#config';
import { type Envelope, Errors, ModID, ok, type Userid } from '#envelope';
import { SystemsManagement, type PowerState, isSmapi } from '#hypervisor';
import { type Accepted, type OperationRequest, OperationsService } from '#operations';
import { GuestsRepository } from '#persistence';
import type { CreateGuestDto } from './create-guest.dto.js';
import { maskPassword } from '../domain/guest-directory.js';
import { DirectoryChecks } from './directory-checks.js';
import { PowerQueries } from './power-queries.js';
import { resolveCreateGuest } from './resolve-create.js';
import { ManagedGuests } from '../managed/managed-guests.js';

/**
 * Guest reads (answered at once), create and delete (submitted as operations); power and the
 * other actions are submitted by GuestChangesService.
 */
@Injectable()
export class GuestsService {
  constructor(
    private readonly cfg: AppConfig,
    private readonly guests: GuestsRepository,
    private readonly hv: SystemsManagement,
    private readonly ops: OperationsService,
    private readonly directoryChecks: DirectoryChecks,
    private readonly power: PowerQueries,
    private readonly managed: ManagedGuests,
  ) {}

  async list(): Promise<Envelope<string[]>> {
    return ok(await this.guests.listManaged());
  }

  create(dto: CreateGuestDto, req: OperationRequest): Promise<Envelope | Accepted> {
    const payload = resolveCreateGuest(dto, this.cfg);
    return this.ops.submit('guest.create', payload, req);
  }

  /** Directory lines; 404 rs 3 when the guest is known but its directory entry is gone. */
  private async directory(userid: Userid): Promise<string[]> {
    return this.directoryOf(await this.managed.require(userid));
  }

  private async directoryOf(id: Userid): Promise<string[]> {
    try {
      return await this.hv.imageQueryDM(id);
    } catch (e) {
      if (isSmapi(e, [400, 4])) throw Errors.guestNotInDirectory(id);
      throw e;
    }
  }

  async definition(userid: Userid): Promise<Envelope> {
    return ok({ user_direct: await this.directory(userid) });
  }

  async userDirect(userid: Userid): Promise<Envelope> {
    return ok({ user_direct: maskPassword(await this.directory(userid)) });
  }

  /**
   * Delete is idempotent: unknown everywhere → 200 at once; in the directory but not managed →
   * 404 (the reference will not delete users it does not manage); managed → an operation.
   */
  async delete(userid: Userid, req: OperationRequest): Promise<Envelope | Accepted> {
    if (!(await this.guests.findByUserid(userid))) {
      try {
        await this.hv.imageQueryDM(userid);
      } catch (e) {
        if (isSmapi(e, [400, 4])) return ok();
        throw e;
      }
      throw Errors.notExist(ModID.GUEST, `Guest '${userid}'`);
    }
    return this.ops.submit('guest.delete', { userid }, req);
  }

  /**
   * The power first: a guest that is logged on is in the directory (CP logged it on from
   * there), so only one that is off needs the directory query that tells "off" from "its
   * entry is gone" (404 rs 3). Concurrent queries and checks share a call (PowerQueries,
   * DirectoryChecks). Nothing the hypervisor says is kept: each answer is its answer of now
   * (only whether the guest is managed may be the api's of a moment ago: ManagedGuests).
   */
  async powerState(userid: Userid): Promise<Envelope<PowerState>> {
    const id = await this.managed.require(userid);
    const power = await this.power.of(id);
    if (power === 'off' && !(await this.directoryChecks.has(id)))
      throw Errors.guestNotInDirectory(id);
    return ok(power);
  }

  /** Read from the hypervisor for any userid, managed or not; unknown users read `off`. */
  async powerStateReal(userid: Userid): Promise<Envelope<PowerState>> {
    return ok(await this.power.of(userid));
  }
}
