import type { ParameterObject } from '@nestjs/swagger';

/** Headers HTTP clients set themselves; OpenAPI ignores or need not list them. */
const TRANSPORT = new Set(['content-type', 'content-length', 'accept', 'authorization', 'host']);

/** How the spec spells and explains the headers routes read, by lower-case name. */
const KNOWN: Record<string, { name: string; description: string }> = {
  prefer: {
    name: 'Prefer',
    description: '`wait=N`: wait at most N seconds for the operation to end before answering.',
  },
  'x-admin-token': {
    name: 'X-Admin-Token',
    description: 'The admin token (the content of the token file); buys an `X-Auth-Token`.',
  },
  'last-event-id': {
    name: 'Last-Event-ID',
    description:
      'Resume after this event id (sent by EventSource on reconnect): step events after it ' +
      'are sent again, then the latest progress.',
  },
};

const titleCase = (name: string): string =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

/** Optional header parameters (Nest never requires a header) for the names a route reads. */
export function headerParameters(names: Iterable<string>): ParameterObject[] {
  const unique = new Set([...names].map((n) => n.toLowerCase()));
  return [...unique]
    .filter((n) => !TRANSPORT.has(n))
    .map((n) => ({
      name: KNOWN[n]?.name ?? titleCase(n),
      in: 'header',
      required: false,
      ...(KNOWN[n] && { description: KNOWN[n].description }),
      schema: { type: 'string' },
    }));
}
