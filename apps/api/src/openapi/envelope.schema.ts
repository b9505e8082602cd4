import type { HeaderObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { STATUS_DESCRIPTIONS } from './status-descriptions.js';

export const ENVELOPE_REF = '#/components/schemas/Envelope';

/** The spec's response envelope (libs/envelope/src/envelope.ts), the body of every answer. */
export const ENVELOPE_SCHEMA: SchemaObject = {
  type: 'object',
  description: 'Every JSON answer, success or failure, has this shape.',
  required: ['overallRC', 'rc', 'rs', 'errmsg', 'modID', 'output'],
  properties: {
    overallRC: { type: 'integer', description: '0 on success' },
    rc: { type: 'integer', description: 'return code' },
    rs: { type: 'integer', description: 'reason code' },
    errmsg: { type: 'string', description: 'empty on success' },
    modID: {
      type: ['integer', 'null'],
      description: 'module id (the reference module numbers); null on success',
    },
    output: { description: 'the result; "" when there is none' },
  },
};

/** The envelope refined by `more` (e.g. the type of its `output`). */
export const envelopeWith = (more: SchemaObject): SchemaObject => ({
  allOf: [{ $ref: ENVELOPE_REF }, more],
});

/** A response whose body is the envelope (refined by `more`, if given). */
export function envelopeResponse(
  status: number | string,
  headers?: Record<string, HeaderObject>,
  more?: SchemaObject,
): ResponseObject {
  return {
    description: STATUS_DESCRIPTIONS[Number(status)] ?? `HTTP ${status}`,
    ...(headers && { headers }),
    content: {
      'application/json': { schema: more ? envelopeWith(more) : { $ref: ENVELOPE_REF } },
    },
  };
}

/** Headers of a 202 for an operation that has not ended yet. */
/** On every answer of a request that submitted an operation (apps/api/src/http/envelope.hooks.ts). */
export const OPERATION_ID_HEADER: Record<string, HeaderObject> = {
  'Operation-Id': {
    description:
      'The operation this request submitted (or, repeating an Idempotency-Key, named): on its ' +
      'result, on 202 and on an error it ended with; absent when it was refused before one was made',
    schema: { type: 'string', format: 'uuid' },
  },
};

export const ACCEPTED_HEADERS: Record<string, HeaderObject> = {
  Location: {
    description: 'The operation: `/operations/{id}`',
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'Seconds to wait before polling the operation',
    schema: { type: 'integer' },
  },
  'Preference-Applied': {
    description: 'The `Prefer` preference that was honoured, if any',
    schema: { type: 'string' },
  },
  'Operation-Held': {
    description:
      'Why the operation does not start yet: `draining`, its queue is drained (POST /host/drain); ' +
      'it starts at POST /host/resume. Answered at once, without waiting',
    schema: { type: 'string', enum: ['draining'] },
  },
};
