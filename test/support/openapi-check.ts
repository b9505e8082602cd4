import { createRequire } from 'node:module';

/**
 * Checks of an OpenAPI 3.1 document. No OpenAPI validator is installed (and none is added):
 * JSON schemas are checked with the draft 2020-12 Ajv that Fastify ships; the document's own
 * structure by the rules below.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

// Ajv 8 is installed only as Fastify's own dependency: resolve it from there.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('@fastify/ajv-compiler'));
const Ajv2020 = fromFastify('ajv/dist/2020.js').default;

/** Every `$ref` in `value` with the JSON pointer where it sits. */
function refs(value: any, at = '#'): [string, string][] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]): [string, string][] =>
    k === '$ref' && typeof v === 'string' ? [[at, v]] : refs(v, `${at}/${k}`),
  );
}

const resolve = (doc: any, ref: string) =>
  ref
    .slice(2)
    .split('/')
    .reduce((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);

/** Rules of OpenAPI 3.1 the document could break; empty when it keeps them all. */
export function structuralProblems(doc: any): string[] {
  const problems: string[] = [];
  if (!/^3\.1\.\d+$/.test(doc.openapi)) problems.push(`openapi ${doc.openapi}`);
  if (!doc.info?.title || !doc.info?.version) problems.push('info needs title and version');
  for (const [at, ref] of refs(doc))
    if (!ref.startsWith('#/') || resolve(doc, ref) === undefined)
      problems.push(`${at}: unresolved ${ref}`);
  const ids = new Set<string>();
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    if (!path.startsWith('/')) problems.push(`${path}: must start with /`);
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const method of Object.keys(item)) {
      const op = item[method];
      const where = `${method} ${path}`;
      if (!METHODS.includes(method)) problems.push(`${where}: not a method`);
      if (op.operationId) {
        if (ids.has(op.operationId)) problems.push(`${where}: duplicate operationId`);
        ids.add(op.operationId);
      }
      const params: any[] = op.parameters ?? [];
      const seen = new Set<string>();
      for (const p of params) {
        const key = `${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
        if (seen.has(key)) problems.push(`${where}: parameter ${key} twice`);
        seen.add(key);
        if (!['query', 'header', 'path', 'cookie'].includes(p.in))
          problems.push(`${where}: parameter ${p.name} in ${p.in}`);
        if (p.in === 'path' && p.required !== true)
          problems.push(`${where}: path parameter ${p.name} must be required`);
        if (p.in === 'path' && !templated.includes(p.name))
          problems.push(`${where}: path parameter ${p.name} not in the path`);
        if (!('schema' in p) && !('content' in p))
          problems.push(`${where}: parameter ${p.name} has no schema`);
      }
      for (const name of templated)
        if (!seen.has(`path:${name}`)) problems.push(`${where}: {${name}} not declared`);
      const responses = Object.entries<any>(op.responses ?? {});
      if (!responses.length) problems.push(`${where}: no responses`);
      for (const [status, r] of responses) {
        if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status))
          problems.push(`${where}: status ${status}`);
        if (typeof r.description !== 'string') problems.push(`${where} ${status}: no description`);
        for (const [name, h] of Object.entries<any>(r.headers ?? {}))
          if (!h.schema && !h.content) problems.push(`${where} ${status}: header ${name}`);
      }
      if (op.requestBody && !op.requestBody.content)
        problems.push(`${where}: requestBody without content`);
    }
  }
  return problems;
}

/**
 * A validator of values against the document's schemas (draft 2020-12, the dialect of
 * OpenAPI 3.1); compiling them all also checks that each schema is valid JSON Schema.
 */
export function schemaValidator(doc: any): (schema: object, value: unknown) => string[] {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
  const rebase = (s: object) =>
    JSON.parse(JSON.stringify(s).replace(/"#\/components\//g, '"doc#/components/'));
  return (schema, value) => {
    const validate = ajv.compile(rebase(schema));
    return validate(value) ? [] : validate.errors.map((e: any) => `${e.instancePath} ${e.message}`);
  };
}

/** Every schema the document holds, with where it sits, for compiling each once. */
export function allSchemas(doc: any): [string, object][] {
  const out: [string, object][] = Object.entries<any>(doc.components.schemas).map(([n, s]) => [
    `#/components/schemas/${n}`,
    s,
  ]);
  for (const [path, item] of Object.entries<any>(doc.paths))
    for (const [method, op] of Object.entries<any>(item)) {
      for (const p of op.parameters ?? []) out.push([`${method} ${path} ${p.name}`, p.schema]);
      for (const [type, m] of Object.entries<any>(op.requestBody?.content ?? {}))
        out.push([`${method} ${path} body ${type}`, m.schema]);
      for (const [status, r] of Object.entries<any>(op.responses))
        for (const [type, m] of Object.entries<any>(r.content ?? {}))
          out.push([`${method} ${path} ${status} ${type}`, m.schema]);
    }
  return out.filter(([, s]) => s);
}
