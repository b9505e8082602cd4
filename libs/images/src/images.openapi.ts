import { ApiOutput, STRING, arrayOf, exactObject } from '#envelope';

/** An image record as the store views it (ImageView). */
const IMAGE = exactObject({
  imagename: STRING,
  imageosdistro: STRING,
  md5sum: STRING,
  disk_size_units: { type: 'string', description: '`<count>:<CYL|BLK>`' },
  image_size_in_bytes: { type: 'string', description: 'a decimal string, as the reference' },
  type: STRING,
  comments: { type: ['string', 'null'] },
  last_access_time: {
    type: 'number',
    description: "the file's atime, seconds since the epoch (fractional); -1 when missing",
  },
  image_path: STRING,
});

export const IMAGES_OUTPUT = ApiOutput(arrayOf(IMAGE), 'All images, or the one named');
export const ROOT_DISK_SIZE_OUTPUT = ApiOutput({
  type: 'string',
  description: 'the count of `disk_size_units`, e.g. "3338"',
});
