import type { ApiResponseOptions, MediaTypeObject } from '@nestjs/swagger';

const step = {
  type: 'object',
  required: ['name', 'phase', 'at'],
  properties: {
    name: { type: 'string' },
    phase: { type: 'string', enum: ['started', 'ended'] },
    at: { type: 'string', format: 'date-time' },
    result: { type: 'string', enum: ['ok', 'failed', 'skipped'], description: 'ended only' },
    rc: { type: 'integer' },
    rs: { type: 'integer' },
    detail: { type: 'string' },
  },
};

const progress = {
  type: 'object',
  required: ['percent', 'step', 'status'],
  properties: {
    percent: { type: 'integer', minimum: 0, maximum: 100 },
    step: { type: ['string', 'null'] },
    status: {
      type: 'string',
      enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'needs_attention'],
    },
  },
};

const EXAMPLE = [
  'retry: 2000',
  '',
  'id: 1',
  'event: step',
  'data: {"name":"create","phase":"started","at":"2026-01-01T00:00:00.000Z"}',
  '',
  'event: progress',
  'data: {"percent":40,"step":"create","status":"running"}',
  '',
  ': heartbeat',
  '',
  'id: done',
  'event: done',
  'data: {"id":"…","status":"succeeded","response":{"overallRC":0,"…":"…"}}',
  '',
  '',
].join('\n');

/** The 200 of GET /operations/{id}/events for the OpenAPI document (see OperationStream). */
export const OPERATION_EVENTS_RESPONSE: ApiResponseOptions = {
  status: 200,
  description:
    'A server-sent event stream (use EventSource). It opens with `retry: 2000`, sends what ' +
    'already happened, then follows the operation until `done`, and closes. Events: ' +
    '`step` (id `n`: steps numbered started, ended, next started, …; resume with ' +
    '`Last-Event-ID`), `progress` (no id; the latest value is sent again on resume), ' +
    '`done` (id `done`; data: the operation as at `/operations/{id}`). `: heartbeat` comment ' +
    'lines keep idle connections open. Each `data` is one line of JSON.',
  headers: { 'Cache-Control': { schema: { type: 'string', enum: ['no-cache'] } } },
  content: {
    'text/event-stream': {
      schema: { type: 'string' },
      example: EXAMPLE,
      // not part of OpenAPI 3.1 (it has no schema for event streams): the `data` of each event
      'x-events': {
        step: step,
        progress: progress,
        done: { $ref: '#/components/schemas/Operation' },
      },
    } as MediaTypeObject,
  },
};
