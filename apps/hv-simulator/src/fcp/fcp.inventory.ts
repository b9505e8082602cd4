import type { FcpDeviceState } from '#hypervisor';

/** One FCP subchannel as the simulator keeps it (persisted in SimState.fcp). */
export interface FcpRecord {
  /** 4 upper-case hex digits. */
  fcpId: string;
  chpid: string;
  pchid: string;
  state: Exclude<FcpDeviceState, 'notfound'>;
  /** Userid the device is dedicated to; absent when none. */
  owner?: string;
  wwpnNpiv: string;
  wwpnPhy: string;
}

/** A storage controller port and the LUNs it serves. */
export interface StorageTarget {
  /** `0x` + 16 lower-case hex digits, as volume connections name it. */
  wwpn: string;
  luns: string[];
}

/** The machine the simulated LPAR runs on (what get_volume_connector reports). */
export const CPC = { sn: '00000000000A1B2C', name: 'SIMCPC1', lpar: 'LPARSIM1' } as const;

/** One CHPID of the default inventory and the device range it carries. */
interface ChannelPlan {
  chpid: string;
  pchid: string;
  first: number;
  count: number;
}

/**
 * Two paths' worth of devices (1A00–1A0F and 1B00–1B0F), each range split over two CHPIDs on
 * different PCHIDs, so templates can exercise the PCHID weighting of the allocator.
 */
const CHANNELS: ChannelPlan[] = [
  { chpid: '27', pchid: '02E0', first: 0x1a00, count: 8 },
  { chpid: '28', pchid: '02E4', first: 0x1a08, count: 8 },
  { chpid: '29', pchid: '0300', first: 0x1b00, count: 8 },
  { chpid: '2A', pchid: '0304', first: 0x1b08, count: 8 },
];

/** Devices that are not usable by default: one offline, one already used outside the service. */
const OFFLINE = new Set(['1A0F']);
const USED_OUTSIDE: Record<string, string> = { '1B0F': 'OTHERVM' };

/** Storage ports the FCPs can reach; every path sees both. */
export const STORAGE_TARGETS: StorageTarget[] = [
  {
    wwpn: '0x5005076802100c1a',
    luns: ['0x0000000000000000', '0x0001000000000000', '0x0002000000000000'],
  },
  {
    wwpn: '0x5005076802200c1a',
    luns: ['0x0000000000000000', '0x0001000000000000', '0x0002000000000000'],
  },
];

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** The default FCP inventory, fresh (states as after IPL). */
export function defaultFcpDevices(): FcpRecord[] {
  const out: FcpRecord[] = [];
  for (const ch of CHANNELS) {
    const chpidNum = parseInt(ch.chpid, 16);
    for (let i = 0; i < ch.count; i += 1) {
      const id = hex(ch.first + i, 4).toUpperCase();
      const owner = USED_OUTSIDE[id];
      out.push({
        fcpId: id,
        chpid: ch.chpid,
        pchid: ch.pchid,
        state: OFFLINE.has(id) ? 'offline' : owner ? 'active' : 'free',
        ...(owner ? { owner } : {}),
        // NPIV WWPNs are unique per subchannel; the physical one is shared by the CHPID's port.
        wwpnNpiv: `c05076de3300${hex(ch.first + i, 4)}`,
        wwpnPhy: `c05076de330000${hex(chpidNum, 2)}`,
      });
    }
  }
  return out;
}
