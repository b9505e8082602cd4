import type { FcpRecord } from './fcp-record.types.js';

export type { FcpRecord } from './fcp-record.types.js';

/** A storage controller port and the LUNs it serves. */
export interface StorageTarget {
  /** `0x` + 16 lower-case hex digits, as volume connections name it. */
  wwpn: string;
  luns: string[];
  /** CHPIDs whose fabric reaches this port; absent = every CHPID. */
  chpids?: string[];
  /** LUNs holding an installed Linux (zipl.conf present): refresh_bootmap runs zipl on them. */
  bootLuns?: string[];
}

/** The machine the simulated LPAR runs on (what get_volume_connector reports). */
export interface CpcInfo {
  sn: string;
  name: string;
  lpar: string;
}

/** One CHPID and the device range it carries. */
export interface ChannelPlan {
  chpid: string;
  pchid: string;
  /** First device number, hex (`1A00`). */
  first: string;
  count: number;
}

/** What FCP hardware the simulated machine has (SIM_FCP_INVENTORY can replace the default). */
export interface FcpInventory {
  cpc: CpcInfo;
  channels: ChannelPlan[];
  /** Devices that are offline after IPL. */
  offline: string[];
  /** Devices dedicated at IPL to users outside the service: device → userid. */
  usedOutside: Record<string, string>;
  storageTargets: StorageTarget[];
}

const LUNS = ['0x0000000000000000', '0x0001000000000000', '0x0002000000000000'];

/**
 * Two paths' worth of devices (1A00–1A0F and 1B00–1B0F), each range split over two CHPIDs on
 * different PCHIDs, so templates can exercise the PCHID weighting of the allocator; one device
 * offline, one used outside the service; two storage ports every path reaches, LUN 0 bootable.
 */
export const DEFAULT_FCP_INVENTORY: FcpInventory = {
  cpc: { sn: '00000000000A1B2C', name: 'SIMCPC1', lpar: 'LPARSIM1' },
  channels: [
    { chpid: '27', pchid: '02E0', first: '1A00', count: 8 },
    { chpid: '28', pchid: '02E4', first: '1A08', count: 8 },
    { chpid: '29', pchid: '0300', first: '1B00', count: 8 },
    { chpid: '2A', pchid: '0304', first: '1B08', count: 8 },
  ],
  offline: ['1A0F'],
  usedOutside: { '1B0F': 'OTHERVM' },
  storageTargets: [
    { wwpn: '0x5005076802100c1a', luns: LUNS, bootLuns: [LUNS[0]] },
    { wwpn: '0x5005076802200c1a', luns: LUNS, bootLuns: [LUNS[0]] },
  ],
};

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** The inventory's FCP devices, fresh (states as after IPL). */
export function fcpDevicesOf(inv: FcpInventory): FcpRecord[] {
  const out: FcpRecord[] = [];
  const offline = new Set(inv.offline.map((d) => d.toUpperCase()));
  for (const ch of inv.channels) {
    const chpidNum = parseInt(ch.chpid, 16);
    const first = parseInt(ch.first, 16);
    for (let i = 0; i < ch.count; i += 1) {
      const id = hex(first + i, 4).toUpperCase();
      const owner = inv.usedOutside[id];
      out.push({
        fcpId: id,
        chpid: ch.chpid.toUpperCase(),
        pchid: ch.pchid.toUpperCase(),
        state: offline.has(id) ? 'offline' : owner ? 'active' : 'free',
        ...(owner ? { owner: owner.toUpperCase() } : {}),
        // NPIV WWPNs are unique per subchannel; the physical one is shared by the CHPID's port.
        wwpnNpiv: `c05076de3300${hex(first + i, 4)}`,
        wwpnPhy: `c05076de330000${hex(chpidNum, 2)}`,
      });
    }
  }
  return out;
}

/** The storage ports an FCP device on `chpid` reaches through its fabric. */
export function targetsReached(inv: FcpInventory, chpid: string): StorageTarget[] {
  return inv.storageTargets.filter(
    (t) => !t.chpids || t.chpids.some((c) => c.toUpperCase() === chpid.toUpperCase()),
  );
}
