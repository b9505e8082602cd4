import type { SchemaObject } from '@nestjs/swagger';
import { ApiOutput, INTEGER, STRING, STRINGS, arrayOf, exactObject, mapOf } from '#envelope';

const BOOLEAN: SchemaObject = { type: 'boolean' };

/** The host's FCP facts (HostFacts), merged into templates and connector answers. */
const HOST_FACTS = {
  cpc_sn: STRING,
  cpc_name: STRING,
  lpar: STRING,
  hypervisor_hostname: STRING,
};

/** A template's listing entry (the service's `base`); -1 minimum paths reads as the count. */
const TEMPLATE_FIELDS = {
  id: STRING,
  name: STRING,
  description: STRING,
  host_default: BOOLEAN,
  storage_providers: STRINGS,
  min_fcp_paths_count: INTEGER,
  ...HOST_FACTS,
  pchids: STRINGS,
};

const COUNTS = mapOf(INTEGER);
const STRING_MAP = mapOf(STRING);

/** Statistics of one path (PathStatistics, reference §8.6). */
const PATH_STATISTICS = exactObject({
  total: STRING,
  total_count: COUNTS,
  single_fcp: STRING,
  range_fcp: STRING,
  available: STRING,
  available_count: COUNTS,
  allocated: STRING,
  reserve_only: STRING,
  connection_only: STRING,
  unallocated_but_active: STRING_MAP,
  allocated_but_free: STRING,
  notfound: STRING,
  offline: STRING,
  chpids: STRING_MAP,
  pchids: STRING_MAP,
});

const TEMPLATE_DETAIL = exactObject(
  {
    ...TEMPLATE_FIELDS,
    raw: mapOf(arrayOf(arrayOf({ type: ['string', 'integer'] })), 'path index: one row per FCP'),
    statistics: mapOf(PATH_STATISTICS, 'path index'),
    pchid_to_phy_wwpn: STRING_MAP,
  },
  ['raw', 'statistics'],
);

export const TEMPLATES_OUTPUT = ApiOutput(
  exactObject({ fcp_templates: arrayOf(exactObject(TEMPLATE_FIELDS)) }),
);
export const TEMPLATE_DETAILS_OUTPUT = ApiOutput(
  exactObject({ fcp_templates: arrayOf(TEMPLATE_DETAIL) }),
  '`raw` only with raw=True; `statistics` unless statistics=False',
);

/** [assigner userid, reserved, connections, template id], as the reference answers. */
const FCP_USAGE = {
  type: 'array',
  // OpenAPI 3.1 (JSON Schema) tuples; Swagger's types predate prefixItems
  prefixItems: [STRING, INTEGER, INTEGER, STRING],
  minItems: 4,
  maxItems: 4,
} as SchemaObject;

export const FCP_USAGE_OUTPUT = ApiOutput(FCP_USAGE);

/** `empty_fcp_list_reason` only when no FCP device could be given (lists then empty). */
export const CONNECTOR_OUTPUT = ApiOutput(
  exactObject(
    {
      zvm_fcp: STRINGS,
      hv_fcp: { ...STRINGS, description: 'the same list as zvm_fcp (the spec’s name)' },
      wwpns: STRINGS,
      phy_to_virt_initiators: mapOf(STRING, 'NPIV WWPN: the physical WWPN'),
      host: { type: 'string', description: '`<hostname>_<userid>`; "" when empty' },
      fcp_paths: INTEGER,
      fcp_template_id: STRING,
      ...HOST_FACTS,
      pchid_fcp_map: mapOf(STRINGS, 'PCHID'),
      is_reserved_changed: BOOLEAN,
      empty_fcp_list_reason: STRING,
    },
    ['empty_fcp_list_reason'],
  ),
);
