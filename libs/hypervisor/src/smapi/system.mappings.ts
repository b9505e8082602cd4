import type { FcpDeviceInfo, FcpDeviceState, WwpnQueryOutput } from '../protocol.js';
import type { OutputRecord } from './layout.types.js';
import { keywordStrings, lineRecord, linesOf, type FunctionMapping } from './mapping.types.js';

const none = (): undefined => undefined;

/** First line `cpc_sn= cpc_name= lpar=`, then one line per FCP device. */
function wwpn(o: OutputRecord): WwpnQueryOutput {
  const [head = '', ...devices] = linesOf(o);
  const cpc = lineRecord(head);
  return {
    cpcSn: cpc.cpcSn ?? '',
    cpcName: cpc.cpcName ?? '',
    lpar: cpc.lpar ?? '',
    devices: devices.map((l) => {
      const d = lineRecord(l);
      return { ...d, state: d.state as FcpDeviceState } as unknown as FcpDeviceInfo;
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
  System_WWPN_Query: { toWire: () => ({ keys: [] }), fromWire: wwpn },
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
