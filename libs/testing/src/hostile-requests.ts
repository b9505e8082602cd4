import fc from 'fast-check';

/** One generated request against a route template of /openapi.json. */
export interface HostileRequest {
  method: string;
  template: string;
  path: string;
  body?: string;
}

/** Includes text no database column takes: a NUL (PostgreSQL refuses it, issue #57 item 11). */
const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '%',
    '%3Bid',
    '..',
    '\ud800',
    'a'.repeat(101),
    '$(reboot)',
    ';id',
    '\nCLASS G',
    '\u0000',
    'a\u0000b',
  ),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, 1e308, -1e308, 2 ** 53 + 2, '99999999999999999999'),
);
const hostileBody = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(
    fc.string({ maxLength: 12 }),
    fc.dictionary(fc.string({ maxLength: 12 }), hostileValue),
  ),
);

/**
 * Bodies no generator of values reaches: nested far too deep, a lone surrogate as the body, a
 * NUL in a field that routes would store as it is.
 */
const hostileRawBody = fc.constantFrom(
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
  '"\\ud800"',
  '{"name":"\\u0000","description":"a\\u0000b"}',
  '{"guest":{"userid":"a","vcpus":1,"memory":1024,"comment_list":["\\u0000"]}}',
  '{"info":{"reserve":true,"fcp_template_id":' + '['.repeat(5000) + ']'.repeat(5000) + '}}',
);

/** Percent-encodes a path segment; a lone surrogate goes as its raw (invalid) UTF-8 bytes. */
function encodeSegment(seg: string): string {
  try {
    return encodeURIComponent(seg || 'x');
  } catch {
    return '%ED%A0%80';
  }
}

/**
 * Hostile requests (issue #16) for the fuzz test and bench/fuzz.ts: path parameters, query
 * strings and JSON bodies drawn from generators of broken, oversized and injecting values (a
 * body on any method, GET included, as clients of the reference send some parameters).
 */
export function hostileRequests(routes: [string, string][]): fc.Arbitrary<HostileRequest> {
  return fc
    .record({
      pick: fc.nat(),
      segs: fc.array(hostileString, { minLength: 1, maxLength: 3 }),
      body: fc.option(
        fc.oneof(
          hostileBody.map((b) => JSON.stringify(b)),
          hostileRawBody,
        ),
        {
          nil: undefined,
        },
      ),
      query: fc.dictionary(
        fc.constantFrom('userid', 'cursor', 'limit', 'wait', 'status', 'imagename'),
        hostileString,
      ),
    })
    .map(({ pick, segs, body, query }) => {
      const [method, template] = routes[pick % routes.length];
      let i = 0;
      const path = template.replace(/\{[^}]+\}/g, () => encodeSegment(segs[i++ % segs.length]));
      const qs = new URLSearchParams(query).toString();
      return {
        method,
        template,
        path: qs ? `${path}?${qs}` : path,
        body,
      };
    });
}

/** The routes of an OpenAPI document as [METHOD, template] pairs. */
export function routesOf(doc: {
  paths: Record<string, Record<string, unknown>>;
}): [string, string][] {
  return Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.keys(ops).map((m) => [m.toUpperCase(), p] as [string, string]),
  );
}

export const ENVELOPE_KEYS = ['errmsg', 'modID', 'output', 'overallRC', 'rc', 'rs'];
/** Routes whose success is not an envelope. */
export const BARE_ROUTES = new Set(['/smapi-healthy', '/openapi.json', '/metrics']);
