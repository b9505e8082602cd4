import type { SchemaObject } from '@nestjs/swagger';
import { ApiOutput, INTEGER, STRING, arrayOf, exactObject, mapOf } from '#envelope';

const NULLABLE_STRING: SchemaObject = { type: ['string', 'null'] };

/** A NIC record as stored (NicRecord): exactly the columns the repository selects. */
const NIC_RECORDS = arrayOf(
  exactObject({
    userid: STRING,
    interface: { type: 'string', description: 'device number, not zero-padded' },
    switch: { ...NULLABLE_STRING, description: 'the coupled vswitch; null while uncoupled' },
    port: { ...NULLABLE_STRING, description: 'the NIC id' },
    comments: NULLABLE_STRING,
  }),
);

const NIC_STATS = exactObject({
  vswitch_name: STRING,
  nic_vdev: STRING,
  ...Object.fromEntries(
    [
      'nic_fr_rx',
      'nic_fr_tx',
      'nic_fr_rx_dsc',
      'nic_fr_tx_dsc',
      'nic_fr_rx_err',
      'nic_fr_tx_err',
      'nic_rx',
      'nic_tx',
    ].map((k) => [k, INTEGER]),
  ),
});

/** The IP pair appears only when the adapter has an address. */
const ADAPTER = exactObject(
  {
    adapter_address: STRING,
    adapter_status: STRING,
    lan_owner: STRING,
    lan_name: STRING,
    mac_address: { type: 'string', description: 'colon separated, e.g. 02:00:00:12:34:56' },
    mac_ip_address: STRING,
    mac_ip_version: STRING,
  },
  ['mac_ip_address', 'mac_ip_version'],
);

export const NIC_RECORDS_OUTPUT = ApiOutput(NIC_RECORDS);
export const INTERFACE_STATS_OUTPUT = ApiOutput(
  mapOf(arrayOf(NIC_STATS), 'userid; running guests with coupled NICs only'),
);
export const ADAPTERS_OUTPUT = ApiOutput(exactObject({ adapters: arrayOf(ADAPTER) }));
export const NIC_CREATED_OUTPUT = ApiOutput(
  { type: 'string', description: "the NIC's device number" },
  'The NIC was created',
);
