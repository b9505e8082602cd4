import { Injectable } from '@nestjs/common';
import { type Envelope, ok, type Userid } from '#envelope';
import { CpQueries } from '#hypervisor';
import { type Accepted, type OperationRequest, OperationsService } from '#operations';
import { GuestsRepository } from '#persistence';
import { GuestRegistration } from './guest-registration.js';
import { metadataOf, resolveMigration } from './resolve-migration.js';
import type { LiveMigrateActionDto, RegisterVmActionDto } from './migration-action.dto.js';
import { notActive } from './live-migrate.handler.js';
import { requireManagedGuest } from '../managed/managed-guest.js';

/**
 * live_migrate_vm (an operation on the guest-migration queue), register_vm and deregister_vm
 * (changes of this service's own records only, so answered at once).
 */
@Injectable()
export class MigrationService {
  constructor(
    private readonly repo: GuestsRepository,
    private readonly cp: CpQueries,
    private readonly ops: OperationsService,
    private readonly registration: GuestRegistration,
  ) {}

  /** Refuses at once what would fail anyway: unmanaged (404) or off (409) guests. */
  async liveMigrate(
    userid: Userid,
    dto: LiveMigrateActionDto,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    const id = (await requireManagedGuest(this.repo, userid)).userid;
    if ((await this.cp.queryUserPower(id)) !== 'on') throw notActive(id);
    return this.ops.submit('guest.live-migrate', resolveMigration(id, dto), req);
  }

  /** register_vm: GuestRegistration with the request's metadata, net_set and port mapping. */
  async register(userid: Userid, dto: RegisterVmActionDto): Promise<Envelope> {
    await this.registration.register(userid, {
      metadata: metadataOf(dto.meta),
      netSet: dto.net_set === '0' ? 0 : 1,
      ports: dto.port_macs ?? dto.port ?? {},
    });
    return ok();
  }

  /** Stops managing the guest (its row goes); never fails, as in the reference. */
  async deregister(userid: Userid): Promise<Envelope> {
    await this.repo.delete(userid);
    return ok();
  }
}
