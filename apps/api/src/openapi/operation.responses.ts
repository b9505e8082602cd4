import type { ResponseObject, ResponsesObject } from '@nestjs/swagger';
import { ruleErrorStatuses } from '#envelope';
import {
  ACCEPTED_HEADERS,
  envelopeResponse,
  envelopeWith,
  OPERATION_ID_HEADER,
} from './envelope.schema.js';
import { OPERATION_REF } from './operation.schema.js';
import { withPlan } from './plan.schema.js';
import type { RouteFacts } from './route-facts.reader.js';

/**
 * The envelope at the route's success status, at each status it can fail with, and 202 with the
 * operation; then what the route declares with @ApiResponse, status by status: its `content`
 * replaces the envelope (a route that answers something else), its `schema` refines the
 * envelope (e.g. the type of `output`), its description and headers are added.
 */
export function responses(method: string, facts: RouteFacts, hasBody: boolean): ResponsesObject {
  const out = generatedResponses(method, facts);
  // refused before the route runs, whatever its status rule: a body over the limit, of a type
  // the route does not read (a route reading JSON of any type has none), or malformed JSON
  if (hasBody) {
    out[400] ??= envelopeResponse(400);
    out[413] = envelopeResponse(413);
    if (!facts.jsonAnyType) out[415] = envelopeResponse(415);
  }
  for (const [status, d] of Object.entries(facts.declared)) {
    const base = out[status] ?? (status === '202' ? accepted() : envelopeResponse(status));
    const headers = { ...base.headers, ...d.headers };
    out[status] = {
      ...base,
      description: d.description || base.description,
      ...(Object.keys(headers).length && { headers }),
      ...(d.content && { content: d.content }),
      ...(!d.content &&
        d.schema && { content: { 'application/json': { schema: envelopeWith(d.schema) } } }),
    };
  }
  if (facts.submitsOperation) {
    const success = String(facts.httpCode ?? (method === 'post' ? 201 : 200));
    if (out[success]) out[success] = withPlan(out[success]);
    for (const [status, r] of Object.entries(out)) {
      if (status !== '401')
        out[status] = { ...r, headers: { ...r.headers, ...OPERATION_ID_HEADER } };
    }
  }
  return out;
}

const accepted = (): ResponseObject =>
  envelopeResponse(202, ACCEPTED_HEADERS, { properties: { output: { $ref: OPERATION_REF } } });

function generatedResponses(method: string, facts: RouteFacts): Record<string, ResponseObject> {
  const success = facts.httpCode ?? (method === 'post' ? 201 : 200);
  const out: Record<string, ResponseObject> = { [success]: envelopeResponse(success) };
  if (facts.submitsOperation) out[202] = accepted();
  // always200 answers every outcome of the route itself with 200 (as the reference does)
  if (facts.statusRule !== 'always200') out[400] = envelopeResponse(400);
  // the token check runs before the route, whatever its status rule
  if (!facts.isPublic) out[401] = envelopeResponse(401);
  for (const status of ruleErrorStatuses(facts.statusRule)) out[status] = envelopeResponse(status);
  if (facts.submitsOperation) {
    // Prefer handling=strict, and a reused Idempotency-Key, on any route that submits one
    out[409] ??= envelopeResponse(409);
    out[422] = envelopeResponse(422);
    out[503] = envelopeResponse(503);
  }
  return out;
}
