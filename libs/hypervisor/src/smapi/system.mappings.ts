import type { FcpDeviceInfo, FcpDeviceState, WwpnQueryOutput } from '../protocol.js';
import type { OutputRecord } from './layout.types.js';
import { keywordStrings, linesOf, type FunctionMapping } from './mapping.types.js';
import { FCP_STATUS, fieldsOf, WWPN_DEVICE } from './positional.js';

const none = (): undefined => undefined;

const STATES: Record<string, FcpDeviceState> = {
  [FCP_STATUS.active]: 'active',
  [FCP_STATUS.free]: 'free',
  [FCP_STATUS.offline]: 'offline',
};

/**
 * One string per FCP device, positional (WWPN_DEVICE); WWPNs lower case, as the reference keeps
 * them. The answer names neither the machine nor the PCHIDs: those stay empty here.
 */
function wwpn(o: OutputRecord): WwpnQueryOutput {
  return {
    cpcSn: '',
    cpcName: '',
    lpar: '',
    devices: linesOf(o).map((l): FcpDeviceInfo => {
      const d = fieldsOf(l, WWPN_DEVICE);
      return {
        fcpId: d.fcpId.toUpperCase(),
        wwpnNpiv: d.wwpnNpiv.toLowerCase(),
        chpid: d.chpid.toUpperCase(),
        wwpnPhy: d.wwpnPhy.toLowerCase(),
        state: STATES[d.status] ?? 'notfound',
        owner: d.owner.toUpperCase() || 'NONE',
        pchid: '',
      };
    }),
  };
}

export const SYSTEM_MAPPINGS = {
  // The short request has no parameters. Its answer is six texts (time zone, time, CP level,
  // generation and IPL time, storage): the simulator's JSON (CPUs in use, storage in use,
  // machine) has more than the wire carries; the texts come back as they are.
  System_Info_Query: { toWire: () => ({}), fromWire: (o) => ({ ...o }) },
  // Both answer text lines, carried as they are (the JSON front door answers the same lines).
  System_Information_Query: { toWire: () => ({}), fromWire: (o) => linesOf(o) },
  // The reference sends `detailed_cpu=show=no`: the machine's figures without one line per CPU.
  System_Performance_Information_Query: {
    toWire: (p) => ({ keys: keywordStrings(p, ['detailedCpu']) }),
    fromWire: (o) => linesOf(o),
  },
  Query_API_Functional_Level: { toWire: () => ({}), fromWire: none },
  // OWNER=YES, as the reference asks (smtLayer getVM fcpinfo): each device names its user.
  System_WWPN_Query: { toWire: () => ({ keys: ['OWNER=YES'] }), fromWire: wwpn },
  // Keywords as the reference sends them; absent limits are the function's NOLIMIT default.
  // A refusal's reasons come back as error data (the transport puts them in errmsg); a
  // successful MOVE answers nothing, so the simulator's per-pass report is not carried.
  VMRELOCATE: {
    toWire: (p) => ({
      keys: keywordStrings(
        {
          ...p,
          force: Array.isArray(p.force) && p.force.length ? p.force.join(' ') : undefined,
          immediate: p.immediate === undefined ? undefined : p.immediate,
        },
        ['destination', 'action', 'force', 'immediate', 'maxTotal', 'maxQuiesce'],
      ),
    }),
    fromWire: none,
  },
} as const satisfies Record<string, FunctionMapping>;
