import type {
  AdapterInfo,
  AdapterQueryOutput,
  OutputRecord,
  VswitchByteStatsOutput,
} from '#hypervisor';

type ToRecord = (output: unknown) => OutputRecord;

/** One `keyword=value` string per fact, each adapter closed by adapter_info_end. */
export const adapters: ToRecord = (out) => {
  const list = (out as AdapterQueryOutput).adapters;
  const facts = (a: AdapterInfo): string[] => [
    `adapter_address=${a.vdev}`,
    `adapter_type=${a.type}`,
    `adapter_status=${a.status}`,
    `lan_owner=${a.lanOwner}`,
    `lan_name=${a.lanName}`,
    `mac_address=${a.macAddress}`,
    ...(a.ipVersion ? [`mac_ip_version=${a.ipVersion}`] : []),
    ...(a.ipAddress ? [`mac_ip_address=${a.ipAddress}`] : []),
    'adapter_info_end',
  ];
  return { lines: [`adapter_count=${list.length}`, ...list.flatMap(facts)] };
};

/**
 * Positional strings: switch count; per switch its name, no uplinks, 8 bridge counters (0),
 * the NIC count and per NIC `USERID VDEV` and its 8 counters, no VLANs.
 */
export const byteStats: ToRecord = (out) => {
  const { vswitches } = out as VswitchByteStatsOutput;
  const values = [
    String(vswitches.length),
    ...vswitches.flatMap((v) => [
      v.name,
      '0',
      ...Array<string>(8).fill('0'),
      String(v.nics.length),
      ...v.nics.flatMap((n) => [
        `${n.userid} ${n.vdev}`,
        ...[
          n.framesRx,
          n.framesRxDiscarded,
          n.framesRxErrors,
          n.framesTx,
          n.framesTxDiscarded,
          n.framesTxErrors,
          n.bytesRx,
          n.bytesTx,
        ].map(String),
      ]),
      '0',
    ]),
  ];
  return { lines: values };
};
