import { Injectable } from '@nestjs/common';
import { type Envelope, Errors, ModID, ok } from '#envelope';
import { HypervisorClient, isSmapi } from '#hypervisor';
import { type Accepted, type OperationRequest, OperationsService } from '#operations';
import { GuestsRepository } from '#persistence';
import { metadataOf, resolveMigration } from '../domain/resolve-migration.js';
import type { LiveMigrateActionDto, RegisterVmActionDto } from '../dto/migration-action.dto.js';
import { GuestsService } from '../guests.service.js';
import { notActive } from './live-migrate.handler.js';

/**
 * live_migrate_vm (an operation on the guest-migration queue), register_vm and deregister_vm
 * (changes of this service's own records only, so answered at once).
 */
@Injectable()
export class MigrationService {
  constructor(
    private readonly guests: GuestsService,
    private readonly repo: GuestsRepository,
    private readonly hv: HypervisorClient,
    private readonly ops: OperationsService,
  ) {}

  /** Refuses at once what would fail anyway: unmanaged (404) or off (409) guests. */
  async liveMigrate(
    userid: string,
    dto: LiveMigrateActionDto,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    const id = await this.guests.requireManaged(userid);
    if ((await this.hv.queryUserPower(id)) !== 'on') throw notActive(id);
    return this.ops.submit('guest.live-migrate', resolveMigration(id, dto), {
      ...req,
      statusRule: 'notFoundAndConflict',
    });
  }

  /**
   * Manage a guest that is in the directory (404 otherwise): a known row only loses its
   * migrated mark (reference §10 item 23); a new one gets meta and net_set. The port mapping
   * is kept in the row's comments until NICs have their own records.
   */
  async register(userid: string, dto: RegisterVmActionDto): Promise<Envelope> {
    const id = userid.toUpperCase();
    try {
      await this.hv.imageQueryDM(id);
    } catch (e) {
      if (isSmapi(e, [400, 4])) throw Errors.notExist(ModID.GUEST, `Guest '${id}'`);
      throw e;
    }
    const existing = await this.repo.findByUserid(id);
    if (existing) {
      if (existing.migrated) await this.repo.update(id, { migrated: false });
      return ok();
    }
    await this.repo.create({
      userid: id,
      metadata: metadataOf(dto.meta),
      netSet: dto.net_set === '0' ? 0 : 1,
    });
    const ports = dto.port_macs ?? dto.port;
    if (ports && Object.keys(ports).length) {
      await this.repo.update(id, { comments: { port_macs: ports } });
    }
    return ok();
  }

  /** Stops managing the guest (its row goes); never fails, as in the reference. */
  async deregister(userid: string): Promise<Envelope> {
    await this.repo.delete(userid.toUpperCase());
    return ok();
  }
}
