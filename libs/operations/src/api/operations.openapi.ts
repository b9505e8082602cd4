import type { ApiHeaderOptions, ApiResponseOptions } from '@nestjs/swagger';

/** The operation resource's schema in the OpenAPI document (apps/api/src/openapi). */
const OPERATION = { $ref: '#/components/schemas/Operation' };

/** An envelope whose `output` is the operation. */
export const OPERATION_OUTPUT: ApiResponseOptions = {
  status: 200,
  schema: { properties: { output: OPERATION } },
};

/** An envelope whose `output` is one page of operations, newest first. */
export const OPERATION_PAGE_OUTPUT: ApiResponseOptions = {
  status: 200,
  schema: {
    properties: {
      output: {
        type: 'object',
        properties: {
          operations: { type: 'array', items: OPERATION },
          next_cursor: {
            type: ['string', 'null'],
            description: 'pass as `cursor` for the next page; null on the last one',
          },
        },
      },
    },
  },
};

export const NO_SUCH_OPERATION: ApiResponseOptions = {
  status: 404,
  description: 'No such operation',
};

export const CANCEL_ANSWERS: ApiResponseOptions[] = [
  { status: 202, description: 'Cancelling: the running operation stops at its next safe point' },
  { status: 409, description: 'The operation has already ended' },
];

/** Cancel waits for the operation to stop as a submit waits for it to end. */
export const CANCEL_PREFER: ApiHeaderOptions = {
  name: 'Prefer',
  required: false,
  description:
    '`respond-async`: answer 202 at once; `wait=N`: wait at most N seconds for the operation ' +
    'to stop, then 202.',
};

export const RETRY_REFUSED: ApiResponseOptions = {
  status: 409,
  description:
    'The operation is not failed or cancelled, or was retried already (`Location`: its retry)',
};

export const RESOLVE_ANSWERS: ApiResponseOptions[] = [
  { status: 202, description: 'The undo runs still: follow the operation' },
  { status: 409, description: 'The operation is not needs_attention' },
];
