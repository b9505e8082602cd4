import { ApiOutput, STRING, exactObject } from '#envelope';

export const VERSION_OUTPUT = ApiOutput(
  exactObject({
    api_version: STRING,
    min_version: STRING,
    max_version: STRING,
    version: { type: 'string', description: "the service's own version" },
  }),
);
