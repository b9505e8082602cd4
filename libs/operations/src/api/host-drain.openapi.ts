import { ApiQuery, type SchemaObject } from '@nestjs/swagger';
import { ApiOutput, INTEGER, arrayOf, exactObject } from '#envelope';
import { OPERATION_QUEUES } from '#jobs';

const NULLABLE_STRING: SchemaObject = { type: ['string', 'null'] };

/** GET /host/drain, and the answer of POST /host/drain and /host/resume. */
export const DRAIN_STATE_OUTPUT = ApiOutput(
  exactObject({
    draining: { type: 'boolean', description: 'whether any operation queue is drained' },
    queues: arrayOf(
      exactObject({
        name: { type: 'string', enum: [...OPERATION_QUEUES] },
        draining: { type: 'boolean' },
        since: { ...NULLABLE_STRING, format: 'date-time', description: 'when it was drained' },
        by: {
          ...NULLABLE_STRING,
          description: 'who drained it, as `requested_by` of an operation',
          example: 'token:1a2b3c4d5e6f',
        },
        waiting: { ...INTEGER, description: 'jobs not yet running (held while drained)' },
        active: { ...INTEGER, description: 'jobs running (they finish while drained)' },
      }),
    ),
  }),
  'Each operation queue: drained or not, and its jobs',
);

/** `?queue=`: one operation queue; absent: all of them. */
export const QUEUE_QUERY = ApiQuery({
  name: 'queue',
  required: false,
  description: 'One operation queue; without it, every operation queue',
  schema: { type: 'string', enum: [...OPERATION_QUEUES] },
});
