import { ApiOutput, STRING, arrayOf, exactObject } from '#envelope';
import { DISK_RESULTS } from '../lifecycle/guests.openapi.js';

/**
 * The guest's minidisks: a running guest's as it has them linked, each with the real device
 * it is on; a logged-off guest's as its directory entry defines them (rdev null).
 */
export const MINIDISKS_OUTPUT = ApiOutput(
  exactObject({
    minidisks: arrayOf(
      exactObject({
        vdev: STRING,
        rdev: {
          type: ['string', 'null'],
          description:
            'real device number of the volume the minidisk is on (4 upper-case hex digits; VDSK for a virtual disk); null while the guest is logged off',
        },
        access_type: { type: 'string', enum: ['R/O', 'R/W'] },
        device_type: STRING,
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
