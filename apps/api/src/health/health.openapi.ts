import type { ApiResponseOptions } from '@nestjs/swagger';
import { ApiOutput, INTEGER, exactObject } from '#envelope';

/** GET /smapi-healthy's bare (not enveloped) answer, with the reference's key spelling. */
export const SMAPI_HEALTHY_ANSWER: ApiResponseOptions = {
  status: 200,
  description: 'The counters of /smapi_health as a bare object, not an envelope.',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['SMAPI'],
        properties: {
          SMAPI: {
            type: 'object',
            required: [
              'totalSuccess',
              'totalFail',
              'lastSuccess',
              'lastFail',
              'continueousFail',
              'healthy',
            ],
            properties: {
              totalSuccess: { type: 'integer' },
              totalFail: { type: 'integer' },
              lastSuccess: { type: 'string', description: 'time of the last success; "" if none' },
              lastFail: { type: 'string', description: 'time of the last failure; "" if none' },
              continueousFail: {
                type: 'integer',
                description: 'failures since the last success (the reference spelling)',
              },
              healthy: { type: 'boolean' },
            },
          },
        },
      },
    },
  },
};

export const NOT_READY: ApiResponseOptions = {
  status: 503,
  description: 'Not ready: `output` says which dependency failed.',
};

/** GET /smapi_health: the counters in our spelling (continuousFail), enveloped. */
export const SMAPI_HEALTH_OUTPUT = ApiOutput(
  exactObject({
    totalSuccess: INTEGER,
    totalFail: INTEGER,
    lastSuccess: { type: 'string', description: 'time of the last success; "" if none' },
    lastFail: { type: 'string', description: 'time of the last failure; "" if none' },
    continuousFail: { type: 'integer', description: 'failures since the last success' },
    healthy: { type: 'boolean' },
  }),
);
