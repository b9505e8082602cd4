import { ApiOutput, STRING, arrayOf, exactObject } from '#envelope';
import { DISK_RESULTS } from '../lifecycle/guests.openapi.js';

/** The guest's minidisks as its directory entry defines them. */
export const MINIDISKS_OUTPUT = ApiOutput(
  exactObject({
    minidisks: arrayOf(
      exactObject({
        vdev: STRING,
        device_type: STRING,
        access_type: { type: 'string', enum: ['R/O', 'R/W'] },
        device_size: { type: 'number', description: 'in device_units' },
        device_units: { type: 'string', enum: ['Cylinders', 'Blocks'] },
        volume_label: STRING,
      }),
    ),
  }),
);

/** The disks made, or "" when `disk_list` was empty (nothing to do). */
export const DISKS_ADDED_OUTPUT = ApiOutput(
  { oneOf: [DISK_RESULTS, { type: 'string', enum: [''] }] },
  'The disks were added',
);
