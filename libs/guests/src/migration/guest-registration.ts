import { Injectable } from '@nestjs/common';
import { Errors, ModID, type Userid } from '#envelope';
import { type AdapterInfo, SystemsManagement, isSmapi } from '#hypervisor';
import { GuestsRepository, NicsRepository } from '#persistence';

/** What a new row of a registered guest holds. */
export interface Registration {
  metadata: string;
  netSet: 0 | 1;
  /** The running NICs' port ids by the MAC's last 6 hex digits. */
  ports: Record<string, string>;
}

/**
 * register_vm's change of this service's records (reference §10 item 23), shared by the api's
 * register_vm and the drift report's adoption of an unknown guest (a worker): the guest must be
 * in the directory (404 otherwise); a known row only loses its migrated mark; a new one gets
 * its metadata and net_set, and a NIC record for each NIC of the running guest.
 */
@Injectable()
export class GuestRegistration {
  constructor(
    private readonly repo: GuestsRepository,
    private readonly nics: NicsRepository,
    private readonly hv: SystemsManagement,
  ) {}

  /** `created`: a new row; `known`: one was there (its migrated mark cleared). */
  async register(userid: Userid, r: Registration): Promise<'created' | 'known'> {
    try {
      await this.hv.imageQueryDM(userid);
    } catch (e) {
      if (isSmapi(e, [400, 4])) throw Errors.notExist(ModID.GUEST, `Guest '${userid}'`);
      throw e;
    }
    const existing = await this.repo.findByUserid(userid);
    if (existing) {
      if (existing.migrated) await this.repo.update(userid, { migrated: false });
      return 'known';
    }
    await this.repo.create({ userid, metadata: r.metadata, netSet: r.netSet });
    await this.recordLiveNics(userid, r.ports);
    return 'created';
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
}
