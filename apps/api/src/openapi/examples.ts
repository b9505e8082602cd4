import type { OperationObject, ReferenceObject, SchemaObject } from '@nestjs/swagger';

type Schema = SchemaObject & { const?: unknown; examples?: unknown[] };
type Schemas = Record<string, SchemaObject | ReferenceObject>;

/**
 * Values for fields whose schema alone gives none that reads (or passes its pattern), by field
 * name; the first that matches the field's pattern is taken.
 */
const BY_NAME: Record<string, unknown[]> = {
  overallRC: [0],
  rc: [0],
  rs: [0],
  errmsg: [''],
  modID: [null],
  userid: ['GUEST01'],
  vcpus: [2],
  memory: [2048],
  vdev: ['0100'],
  rdev: ['0100'],
  alterdev: ['0101'],
  fcpchannel: ['1a00'],
  zvm_fcp: ['1a00'],
  hv_fcp: ['1a00'],
  wwpn: ['0x5005076802100c1a', '5005076802100c1a'],
  target_wwpn: ['0x5005076802100c1a'],
  portname: ['5005076802100c1a'],
  lun: ['0x4001400000000000', '4001400000000000'],
  target_lun: ['0x4001400000000000'],
  mac_addr: ['02:00:00:12:34:56'],
  os_version: ['rhel9.2'],
  mount_point: ['/mnt/data'],
  mntdir: ['/mnt/data'],
  // an image's source and a webhook's target alike
  url: ['https://example.com/hvo'],
  dest_url: ['file:///var/lib/hvo/export/rhel9.img'],
  remote_host: ['nova@192.0.2.10'],
  remotehost: ['nova@192.0.2.10'],
  image_name: ['rhel9-base'],
  imagename: ['rhel9-base'],
  md5sum: ['d41d8cd98f00b204e9800998ecf8427e'],
  size: ['2g'],
  max_mem: ['4g'],
  disk_pool: ['ECKD:POOL1'],
  hostname: ['guest01'],
  kinds: ['guest.power'],
  cshare: ['RELATIVE 200'],
  pcif: ['0100:0001'],
  vswitch: ['VSW1'],
  min_fcp_paths_count: ['2'],
};

/** Strings tried, in order, against a pattern no field name answers. */
const ANY_STRING = ['example', 'GUEST01', '0100', 'A1', 'a', '1'];

const FORMATS: Record<string, string> = {
  uuid: '3f1c5a2e-8b7d-4c1e-9a2f-6d0b1e2c3a4f',
  uri: 'https://hooks.example.com/hvo',
  'date-time': '2026-01-01T12:00:00.000Z',
  date: '2026-01-01',
  email: 'ops@example.com',
};

const MAX_DEPTH = 12;

/**
 * A value for `schema`, made from it alone: its own example, const, enum or default where it
 * has one, else the first value that fits its type, format, pattern and bounds. Objects get
 * their required fields (`all`: every field, for answers), arrays one item.
 */
export function sampleOf(
  schema: SchemaObject | ReferenceObject | undefined,
  schemas: Schemas,
  opts: { all: boolean },
  name?: string,
  depth = 0,
): unknown {
  if (!schema || depth > MAX_DEPTH) return undefined;
  if ('$ref' in schema)
    return sampleOf(schemas[schema.$ref.split('/').pop()!], schemas, opts, name, depth + 1);
  const s = schema as Schema;
  if (s.const !== undefined) return s.const;
  if (s.examples?.length) return s.examples[0];
  if (s.example !== undefined) return s.example as unknown;
  if (s.enum?.length) return s.enum[0] as unknown;
  if (s.default !== undefined) return s.default as unknown;
  const next = (sub: SchemaObject | ReferenceObject | undefined, key?: string) =>
    sampleOf(sub, schemas, opts, key, depth + 1);
  if (s.allOf)
    return s.allOf.reduce<unknown>((acc, part) => {
      const v = next(part, name);
      return isObject(acc) && isObject(v) ? { ...acc, ...v } : (v ?? acc);
    }, undefined);
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives) return next(alternatives[0], name);
  const types = ([] as string[]).concat(s.type ?? []);
  // a format says more than a field's name (a webhook's `url` is an http one)
  const formatted = s.format !== undefined ? FORMATS[s.format] : undefined;
  if (formatted !== undefined && fits(formatted, s, types)) return formatted;
  const named = name !== undefined ? BY_NAME[name] : undefined;
  if (named && (types.length === 0 || named.some((v) => fits(v, s, types))))
    return named.find((v) => fits(v, s, types)) ?? named[0];
  const type = types.find((t) => t !== 'null') ?? (s.properties ? 'object' : undefined);
  switch (type) {
    case 'object':
      return objectSample(s, next, opts);
    case 'array': {
      const tuple = (s as { prefixItems?: SchemaObject[] }).prefixItems;
      if (tuple) return tuple.map((sub) => next(sub));
      const item = next(s.items, name);
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => item);
    }
    case 'integer':
    case 'number':
      return numberSample(s);
    case 'boolean':
      return true;
    case 'string':
      return stringSample(s);
    case undefined:
    default:
      return types.includes('null') ? null : '';
  }
}

function objectSample(
  s: Schema,
  next: (sub: SchemaObject | ReferenceObject | undefined, key?: string) => unknown,
  opts: { all: boolean },
): Record<string, unknown> {
  const required = new Set(s.required ?? []);
  // an object of optional fields only shows them all: `{}` says nothing
  const all = opts.all || required.size === 0;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(s.properties ?? {})) {
    if (!all && !required.has(key)) continue;
    const v = next(sub, key);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

function numberSample(s: Schema): number {
  // JSON Schema 2020-12 bounds (numbers; Swagger's types have 3.0's booleans)
  const { exclusiveMinimum: xmin, exclusiveMaximum: xmax } = s as Record<string, unknown>;
  const min = s.minimum ?? (typeof xmin === 'number' ? xmin + 1 : undefined);
  const max = s.maximum ?? (typeof xmax === 'number' ? xmax - 1 : undefined);
  const v = min ?? 1;
  return max !== undefined && v > max ? max : v;
}

function stringSample(s: Schema): string | undefined {
  if (s.format === 'binary') return undefined;
  return ANY_STRING.find((c) => fits(c, s, ['string'])) ?? ANY_STRING[0];
}

/** Whether `v` is of one of `types` and within the string rules of `s`. */
function fits(v: unknown, s: Schema, types: string[]): boolean {
  if (v === null) return types.includes('null');
  if (
    types.length &&
    !types.includes(typeof v) &&
    !(typeof v === 'number' && types.includes('integer'))
  )
    return false;
  if (typeof v === 'number')
    return (
      (s.minimum === undefined || v >= s.minimum) && (s.maximum === undefined || v <= s.maximum)
    );
  if (typeof v !== 'string') return true;
  if (s.minLength !== undefined && v.length < s.minLength) return false;
  if (s.maxLength !== undefined && v.length > s.maxLength) return false;
  return s.pattern === undefined || new RegExp(s.pattern, 'u').test(v);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a success streams or sends that is not JSON, by media type. */
const MEDIA_EXAMPLES: Record<string, string> = {
  'text/event-stream':
    'id: 1\nevent: progress\ndata: {"status":"running","progress":50}\n\n' +
    'id: 2\nevent: done\ndata: {"status":"succeeded"}\n\n',
  'application/octet-stream': '(the file’s bytes)',
};

/**
 * Gives every JSON request body and every success response an example made from its schema,
 * unless it has one: what a client generator and the docs page show.
 */
export function addExamples(op: OperationObject, schemas: Schemas): void {
  const body = op.requestBody && !('$ref' in op.requestBody) ? op.requestBody : undefined;
  const json = body?.content['application/json'];
  if (json && json.example === undefined && !json.examples)
    json.example = sampleOf(json.schema, schemas, { all: false });
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    if (!response || !/^2/.test(status) || '$ref' in response) continue;
    for (const [type, media] of Object.entries(response.content ?? {})) {
      if (media.example !== undefined || media.examples) continue;
      media.example =
        type === 'application/json'
          ? sampleOf(media.schema, schemas, { all: true })
          : MEDIA_EXAMPLES[type];
    }
  }
}
