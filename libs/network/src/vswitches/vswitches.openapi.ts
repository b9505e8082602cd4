import { ApiOutput, INTEGER, STRING, STRINGS, exactObject, mapOf } from '#envelope';

/** The 21 attribute strings of the extended query, by the reference's names. */
const ATTRIBUTES = [
  'switch_name',
  'transport_type',
  'port_type',
  'queue_memory_limit',
  'routing_value',
  'vlan_awareness',
  'vlan_id',
  'native_vlan_id',
  'mac_address',
  'gvrp_request_attribute',
  'gvrp_enabled_attribute',
  'switch_status',
  'link_ag',
  'lag_interval',
  'lag_group',
  'IP_timeout',
  'switch_type',
  'isolation_status',
  'MAC_protect',
  'user_port_based',
  'VLAN_counters',
];

const VSWITCH = exactObject({
  ...Object.fromEntries(ATTRIBUTES.map((k) => [k, STRING])),
  real_devices: mapOf(
    exactObject({
      vdev: STRING,
      controller: STRING,
      port_name: STRING,
      dev_status: STRING,
      dev_err: STRING,
    }),
    'real device address',
  ),
  authorized_users: mapOf(
    exactObject({
      port_num: STRING,
      prom_mode: STRING,
      osd_sim: STRING,
      vlan_count: {
        oneOf: [STRING, { ...INTEGER, enum: [0] }],
        description: 'the integer 0 on VLAN-unaware switches (reference §6)',
      },
      vlan_ids: STRINGS,
    }),
    'userid',
  ),
  adapters: mapOf(exactObject({ mac: STRING, type: STRING }), '<owner>_<vdev>'),
});

export const VSWITCH_NAMES_OUTPUT = ApiOutput(STRINGS);
export const VSWITCH_OUTPUT = ApiOutput(VSWITCH);
