import type { SchemaObject } from '@nestjs/swagger';
import { ApiOutput, INTEGER, STRING, STRINGS, arrayOf, exactObject, mapOf } from '#envelope';

const DEVICE_TYPE: SchemaObject = { type: 'string', enum: ['3390', '9336'] };

/** Pool space in whole GiB; all 0 when no pool is configured. */
const DISK_FIGURES_FIELDS = { disk_total: INTEGER, disk_used: INTEGER, disk_available: INTEGER };

const FREE_EXTENT = exactObject({
  volume_name: STRING,
  device_type: DEVICE_TYPE,
  start_cylinder: INTEGER,
  free_size: INTEGER,
  dasd_group: STRING,
  region_name: STRING,
});

export const HOST_INFO_OUTPUT = ApiOutput(
  exactObject({
    ...DISK_FIGURES_FIELDS,
    vcpus: INTEGER,
    vcpus_used: INTEGER,
    memory_mb: { type: 'number', description: 'MB of storage (a float in the reference)' },
    memory_mb_used: { type: 'number' },
    hypervisor_type: { type: 'string', enum: ['zvm'] },
    hypervisor_version: { ...INTEGER, description: 'e.g. 720 for z/VM 7.2.0' },
    hypervisor_hostname: STRING,
    hv_host: STRING,
    agent_userid: STRING,
    ipl_time: { type: 'string', description: '`IPL at mm/dd/yy hh:mm:ss UTC`' },
    cpu_info: exactObject({ cec_model: STRING, architecture: STRING }),
  }),
);

export const HOST_GUESTS_OUTPUT = ApiOutput(STRINGS, 'Every user the directory defines');

/** `details=true`: the pool's free extents under its name ({} without a pool); else figures. */
export const DISKPOOL_OUTPUT = ApiOutput({
  oneOf: [exactObject(DISK_FIGURES_FIELDS), mapOf(arrayOf(FREE_EXTENT), 'pool name')],
});

/** The spec's shape for the pool asked for (or the default one); `{}` when none is configured. */
export const DISKPOOL_VOLUMES_OUTPUT = ApiOutput(
  exactObject(
    { diskpool_volumes: { type: 'string', description: 'volume labels, space separated' } },
    ['diskpool_volumes'],
  ),
);

export const VOLUME_OUTPUT = ApiOutput(
  exactObject({
    volume_type: DEVICE_TYPE,
    volume_size: { ...INTEGER, description: 'cylinders or blocks, label area included' },
  }),
);

export const SSI_OUTPUT = ApiOutput(STRINGS, '`key = value` lines, as the reference gives them');
