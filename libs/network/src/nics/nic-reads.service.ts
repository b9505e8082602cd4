import { Injectable } from '@nestjs/common';
import { type Envelope, Errors, ok, pyRepr, type Userid } from '#envelope';
import { parseUseridList, requireManagedGuest } from '#guests';
import { SystemsManagement, CpQueries, isSmapi } from '#hypervisor';
import { GuestsRepository, NicsRepository, type NicRecord } from '#persistence';

/** One adapter of GET /guests/{userid}/adapters (spec §4.5). */
export interface AdapterView {
  adapter_address: string;
  adapter_status: string;
  lan_owner: string;
  lan_name: string;
  mac_address: string;
  mac_ip_address?: string;
  mac_ip_version?: string;
}

/** One NIC of GET /guests/interfacestats (spec §4.5). */
export interface NicStatsView {
  vswitch_name: string;
  nic_vdev: string;
  nic_fr_rx: number;
  nic_fr_tx: number;
  nic_fr_rx_dsc: number;
  nic_fr_tx_dsc: number;
  nic_fr_rx_err: number;
  nic_fr_tx_err: number;
  nic_rx: number;
  nic_tx: number;
}

/** NIC reads, answered at once: records from the database, the rest from the hypervisor. */
@Injectable()
export class NicReadsService {
  constructor(
    private readonly guests: GuestsRepository,
    private readonly nics: NicsRepository,
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
  ) {}

  /** GET /guests/nics: records matching the filters given; an unknown userid is no records. */
  async list(q: {
    userid?: string;
    nic_id?: string;
    vswitch?: string;
  }): Promise<Envelope<NicRecord[]>> {
    return ok(
      await this.nics.list({
        ...(q.userid ? { userid: q.userid } : {}),
        ...(q.nic_id ? { port: q.nic_id } : {}),
        ...(q.vswitch ? { switch: q.vswitch.toUpperCase() } : {}),
      }),
    );
  }

  /**
   * GET /vswitch: the NICs with that port id. The reference answers a request without one
   * with a 500 (KeyError); we answer 400 naming the field.
   */
  async byPort(portid: unknown): Promise<Envelope<NicRecord[]>> {
    if (portid === undefined) throw Errors.validation("'portid' is a required property");
    if (typeof portid !== 'string') {
      throw Errors.validation(
        `Invalid input for field/attribute portid. Value: ${pyRepr(portid)}. ` +
          `${pyRepr(portid)} is not of type 'string'`,
      );
    }
    return ok(await this.nics.list({ port: portid }));
  }

  /**
   * GET /guests/{userid}/adapters: the running guest's NICs (no database check, §10 #25). No
   * such user → 404 (8/200/4 under the not-found rule). The reference answers a guest without
   * NICs (or logged off) with a 500; we answer an empty list.
   */
  async adapters(userid: Userid): Promise<Envelope<{ adapters: AdapterView[] }>> {
    let adapters: Awaited<ReturnType<SystemsManagement['adapterQuery']>>['adapters'] = [];
    try {
      adapters = (await this.hv.adapterQuery(userid)).adapters;
    } catch (e) {
      if (!isSmapi(e, [200, 12])) throw e;
    }
    return ok({
      adapters: adapters.map((a) => ({
        adapter_address: a.vdev,
        adapter_status: a.status,
        lan_owner: a.lanOwner,
        lan_name: a.lanName,
        mac_address: a.macAddress.match(/../g)!.join(':'),
        ...(a.ipAddress ? { mac_ip_address: a.ipAddress, mac_ip_version: a.ipVersion } : {}),
      })),
    });
  }

  /**
   * GET /guests/interfacestats: counters of the running NICs coupled to vswitches, by userid.
   * Every userid must be managed (404 otherwise); guests that are off, or have no coupled NIC,
   * are absent (reference §10 #22). Read live each time (the reference caches for 300 s).
   */
  async interfaceStats(raw: unknown): Promise<Envelope<Record<string, NicStatsView[]>>> {
    const ids = parseUseridList(raw);
    for (const id of ids) await requireManagedGuest(this.guests, id);
    const on: string[] = [];
    for (const id of ids) if ((await this.cp.queryUserPower(id)) === 'on') on.push(id);
    const out: Record<string, NicStatsView[]> = {};
    if (on.length === 0) return ok(out);
    for (const vsw of (await this.hv.vswitchByteStats()).vswitches) {
      for (const n of vsw.nics) {
        if (!on.includes(n.userid)) continue;
        (out[n.userid] ??= []).push({
          vswitch_name: vsw.name,
          nic_vdev: n.vdev,
          nic_fr_rx: n.framesRx,
          nic_fr_tx: n.framesTx,
          nic_fr_rx_dsc: n.framesRxDiscarded,
          nic_fr_tx_dsc: n.framesTxDiscarded,
          nic_fr_rx_err: n.framesRxErrors,
          nic_fr_tx_err: n.framesTxErrors,
          nic_rx: n.bytesRx,
          nic_tx: n.bytesTx,
        });
      }
    }
    return ok(out);
  }
}
