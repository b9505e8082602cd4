import type { SchemaObject } from '@nestjs/swagger';
import { ApiOutput, STRING, STRINGS, arrayOf, exactObject } from '#envelope';

/** The guest's directory entry, one statement a line (password masked by /user_direct). */
const USER_DIRECT = exactObject({ user_direct: STRINGS });

/** What the hypervisor says of a guest's power (unknown users read `off`). */
export const POWER_STATE: SchemaObject = { type: 'string', enum: ['on', 'off'] };

/** One disk a create (or add-disks) made: the request's disk as resolved (DiskResult). */
export const DISK_RESULTS = arrayOf(
  exactObject(
    {
      vdev: STRING,
      size: {
        type: 'string',
        description: 'with its unit: as given ("2g") or from a count ("2.3G")',
      },
      format: STRING,
      is_boot_disk: { type: 'boolean' },
      disk_pool: STRING,
    },
    ['format', 'is_boot_disk'],
  ),
);

export const GUEST_LIST_OUTPUT = ApiOutput(STRINGS, 'The managed guests’ userids');
export const GUEST_CREATED_OUTPUT = ApiOutput(DISK_RESULTS, 'The guest was created');
export const USER_DIRECT_OUTPUT = ApiOutput(USER_DIRECT);
export const POWER_STATE_OUTPUT = ApiOutput(POWER_STATE);
