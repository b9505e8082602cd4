import { ApiOutput, STRING, arrayOf, exactObject } from '#envelope';

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
