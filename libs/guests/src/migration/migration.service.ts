import { Injectable } from '@nestjs/common';
import { type Envelope, Errors, ModID, ok, type Userid } from '#envelope';
import { type AdapterInfo, SystemsManagement, CpQueries, isSmapi } from '#hypervisor';
import { type Accepted, type OperationRequest, OperationsService } from '#operations';
import { GuestsRepository, NicsRepository } from '#persistence';
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
    private readonly nics: NicsRepository,
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
    private readonly ops: OperationsService,
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

  /**
   * Manage a guest that is in the directory (404 otherwise): a known row only loses its
   * migrated mark (reference §10 item 23); a new one gets meta and net_set, and a NIC record
   * for each NIC of the running guest, its port id from the port mapping by MAC.
   */
  async register(userid: Userid, dto: RegisterVmActionDto): Promise<Envelope> {
    try {
      await this.hv.imageQueryDM(userid);
    } catch (e) {
      if (isSmapi(e, [400, 4])) throw Errors.notExist(ModID.GUEST, `Guest '${userid}'`);
      throw e;
    }
    const existing = await this.repo.findByUserid(userid);
    if (existing) {
      if (existing.migrated) await this.repo.update(userid, { migrated: false });
      return ok();
    }
    await this.repo.create({
      userid,
      metadata: metadataOf(dto.meta),
      netSet: dto.net_set === '0' ? 0 : 1,
    });
    await this.recordLiveNics(userid, dto.port_macs ?? dto.port ?? {});
    return ok();
  }

  /** NIC records of the running guest's NICs; `ports` maps the MAC's last 6 hex to port ids. */
  private async recordLiveNics(id: Userid, ports: Record<string, string>): Promise<void> {
    let adapters: AdapterInfo[] = [];
    try {
      adapters = (await this.hv.adapterQuery(id)).adapters;
    } catch (e) {
      if (!isSmapi(e, [200, 12])) throw e; // not logged on: no running NICs to record
    }
    const byMac = new Map(Object.entries(ports).map(([mac, port]) => [mac.toUpperCase(), port]));
    for (const a of adapters) {
      await this.nics.add(id, a.vdev, byMac.get(a.macAddress.slice(-6).toUpperCase()) ?? null);
      if (a.lanName) await this.nics.setSwitch(id, a.vdev, a.lanName);
    }
  }

  /** Stops managing the guest (its row goes); never fails, as in the reference. */
  async deregister(userid: Userid): Promise<Envelope> {
    await this.repo.delete(userid);
    return ok();
  }
}
