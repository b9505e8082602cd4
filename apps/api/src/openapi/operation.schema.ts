import type { SchemaObject } from '@nestjs/swagger';
import { ENVELOPE_REF } from './envelope.schema.js';

export const OPERATION_REF = '#/components/schemas/Operation';

const time = (description: string, nullable = false): SchemaObject => ({
  type: nullable ? ['string', 'null'] : 'string',
  format: 'date-time',
  description,
});

/** The operation resource (libs/operations/src/operation-view.ts), `output` of 202 and /operations. */
export const OPERATION_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['id', 'kind', 'status', 'progress', 'steps', 'created_at', 'links'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    kind: { type: 'string', examples: ['guest.create'] },
    queue: { type: 'string' },
    target: { type: ['string', 'null'], description: 'the guest userid, upper case' },
    status: {
      type: 'string',
      enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'needs_attention'],
    },
    held: {
      type: 'string',
      enum: ['draining'],
      description:
        'Present while it (or, answering a resolve, its undo retry) waits in a drained queue ' +
        '(POST /host/drain): it starts at the resume',
    },
    progress: {
      type: 'object',
      properties: {
        percent: { type: 'integer', minimum: 0, maximum: 100 },
        step: { type: ['string', 'null'] },
      },
    },
    attempts: { type: 'integer' },
    steps: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'started_at'],
        properties: {
          name: { type: 'string' },
          started_at: time('when the step started'),
          ended_at: time('null while it runs', true),
          result: { type: ['string', 'null'], enum: ['ok', 'failed', 'skipped', null] },
          rc: { type: 'integer' },
          rs: { type: 'integer' },
          detail: { type: 'string' },
        },
      },
    },
    request: { type: 'object', description: 'what was asked' },
    created_at: time('when it was submitted'),
    started_at: time('when a worker took it', true),
    finished_at: time('when it ended', true),
    http_status: {
      type: ['integer', 'null'],
      description: 'status of the final answer, once ended',
    },
    response: {
      oneOf: [{ $ref: ENVELOPE_REF }, { type: 'null' }],
      description: 'the final answer, as the waiting request would have had it, once ended',
    },
    requested_by: {
      type: ['string', 'null'],
      description:
        'who asked: `token:<fingerprint>` of the auth token (logged when it was issued), ' +
        '`admin`, or `none` (AUTH=none); `GET /operations?requested_by=` filters by it',
    },
    client_address: { type: ['string', 'null'], description: 'the address the request came from' },
    user_agent: { type: ['string', 'null'], description: "the client's User-Agent" },
    request_id: {
      type: ['string', 'null'],
      description: 'the X-Request-Id of the submitting request, in every log line of the operation',
    },
    trace_id: {
      type: ['string', 'null'],
      description: 'the OpenTelemetry trace id of the submit, when tracing is on',
    },
    retry_of: {
      type: ['string', 'null'],
      format: 'uuid',
      description: 'the operation this one runs again (`POST /operations/{id}/retry`)',
    },
    retried_by: {
      type: ['string', 'null'],
      format: 'uuid',
      description: 'the operation that runs this one again; an operation is retried once',
    },
    resolutions: {
      type: 'array',
      description:
        "each operator's `POST /operations/{id}/resolve` while it was `needs_attention`, oldest first",
      items: {
        type: 'object',
        required: ['how', 'by', 'at', 'request_id'],
        properties: {
          how: { type: 'string', enum: ['undo_retried', 'marked_resolved'] },
          by: { type: 'string', description: 'who, as in `requested_by`' },
          at: time('when'),
          request_id: { type: ['string', 'null'], description: 'the X-Request-Id of the resolve' },
          note: { type: 'string', description: "the operator's word, with `mark: resolved`" },
        },
      },
    },
    links: {
      type: 'object',
      properties: {
        self: { type: 'string', examples: ['/operations/{id}'] },
        retry_of: { type: 'string' },
        retried_by: { type: 'string' },
      },
    },
  },
};
