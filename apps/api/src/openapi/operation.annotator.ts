import type {
  OperationObject,
  ParameterObject,
  ReferenceObject,
  RequestBodyObject,
  SchemaObject,
} from '@nestjs/swagger';
import { responses } from './operation.responses.js';
import { VALIDATE_ONLY } from './plan.schema.js';
import { headerParameters } from './request-headers.js';
import type { RouteFacts } from './route-facts.reader.js';

export const AUTH_SCHEME = 'authToken';

const OPERATION_HEADERS: ParameterObject[] = [
  {
    name: 'Prefer',
    in: 'header',
    required: false,
    description:
      '`respond-async`: answer 202 at once; `wait=N`: wait at most N seconds, then 202. ' +
      'Without it the request waits for the operation to end (up to the server limit). ' +
      "`handling=strict`: 409 instead of queueing behind the guest's unfinished operations.",
    schema: { type: 'string', examples: ['respond-async', 'wait=10'] },
  },
  {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Repeating a request with the same key answers with the same operation; the same key ' +
      'with a different body is refused with 422.',
    schema: { type: 'string' },
  },
  {
    name: 'Callback-URL',
    in: 'header',
    required: false,
    description:
      "POST the operation's ending (the operation resource, signed per Standard Webhooks with " +
      'the service callback secret, `GET /webhooks/callback-secret`) to this http(s) URL; ' +
      'the `callback_url` query parameter does the same. A URL the outbound policy ' +
      '(`WEBHOOK_HOSTS`) refuses is a 400 naming it.',
    schema: { type: 'string', format: 'uri' },
  },
];

const isParameter = (p: ParameterObject | ReferenceObject): p is ParameterObject => 'in' in p;

/** Completes one operation Swagger scanned: parameters, responses and security. */
export function annotateOperation(
  op: OperationObject,
  method: string,
  facts: RouteFacts,
  schemas: Record<string, SchemaObject>,
): void {
  const scanned = parameters(op.parameters ?? [], facts);
  // a DTO shared with a route that takes the same name from its path (userid) does not need it
  const inPath = new Set(
    scanned
      .filter(isParameter)
      .filter((p) => p.in === 'path')
      .map((p) => p.name),
  );
  const query = facts.queryTypes
    .flatMap((t) => queryParameters(schemas[t.name]))
    .filter((p) => !inPath.has(p.name));
  const inQuery = new Set(
    [...scanned.filter(isParameter).filter((p) => p.in === 'query'), ...query].map((p) => p.name),
  );
  // read one by one and untyped: documented as optional strings (the route checks them)
  const named: ParameterObject[] = [...new Set(facts.queryNames)]
    .filter((n) => !inQuery.has(n))
    .map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } }));
  const dryRun = facts.submitsOperation && !inQuery.has(VALIDATE_ONLY.name) ? [VALIDATE_ONLY] : [];
  op.parameters = [...scanned, ...query, ...named, ...dryRun];
  const body = requestBody(facts);
  if (body) op.requestBody = body;
  op.responses = responses(method, facts, op.requestBody !== undefined);
  if (facts.getBody)
    op.description = [op.description, getBodyNote(facts.getBody)].filter(Boolean).join('\n\n');
  // a public route says so: an operation without `security` would be read as unspecified
  op.security = facts.isPublic ? [] : [{ [AUTH_SCHEME]: [] }];
}

/**
 * Scanned parameters but headers, then the headers the route reads (Swagger drops them on
 * handlers that take the reply), then the operation headers.
 */
function parameters(
  scanned: (ParameterObject | ReferenceObject)[],
  facts: RouteFacts,
): (ParameterObject | ReferenceObject)[] {
  const ours = facts.submitsOperation ? OPERATION_HEADERS : [];
  const taken = new Set(ours.map((p) => p.name.toLowerCase()));
  const isHeader = (p: ParameterObject | ReferenceObject) => isParameter(p) && p.in === 'header';
  // a description given with @ApiHeader wins over ours
  const described = new Map(
    scanned
      .filter(isParameter)
      .filter((p) => isHeader(p) && p.description)
      .map((p) => [p.name.toLowerCase(), p.description]),
  );
  const read = [
    ...scanned
      .filter(isParameter)
      .filter(isHeader)
      .map((p) => p.name),
    ...facts.headers,
  ].filter((n) => !taken.has(n.toLowerCase()));
  const headers = headerParameters(read).map((p) => {
    const description = described.get(p.name.toLowerCase());
    return description ? { ...p, description } : p;
  });
  return [...scanned.filter((p) => !isHeader(p)), ...headers, ...ours];
}

/** What a description says of a GET that also takes a JSON body (AcceptsGetBody). */
function getBodyNote({ wrapper }: { wrapper?: string }): string {
  const form = wrapper ? `\`{"${wrapper}": {…}}\`` : '`{…}`';
  return (
    'Existing clients send the parameters as a JSON body on this GET instead, ' +
    `${form} with the same names (reference §6): that is accepted too. OpenAPI tools ` +
    'cannot show a GET body, hence only the query form here.'
  );
}

/** Bodies Swagger cannot see: validated per variant by the route, or read as a stream. */
function requestBody(facts: RouteFacts): RequestBodyObject | undefined {
  if (facts.bodyVariants)
    return {
      required: true,
      description: `\`${facts.bodyVariants.field}\` selects which other fields apply.`,
      content: {
        'application/json': {
          schema: { $ref: `#/components/schemas/${facts.bodyVariants.name}` },
        },
      },
    };
  if (facts.streamBody)
    return {
      required: true,
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    };
  return undefined;
}

/** The fields of a whole-object `@Query()` DTO, each a query parameter with its rules. */
function queryParameters(schema: SchemaObject | undefined): ParameterObject[] {
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: s,
  }));
}
