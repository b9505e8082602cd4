import type { SchemaObject } from '@nestjs/swagger';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';

const PREFIX = '#/components/schemas/';

/**
 * JSON schemas of every class with class-validator rules, by class name: the same rules the
 * validation pipe enforces. The class-transformer storage supplies the element types of nested
 * arrays (@Type); unknown fields are refused (the pipe forbids non-whitelisted ones).
 */
export function dtoSchemas(): Record<string, SchemaObject> {
  const schemas = validationMetadatasToSchemas({
    refPointerPrefix: PREFIX,
    classTransformerMetadataStorage: defaultMetadataStorage,
  }) as Record<string, SchemaObject>;
  for (const s of Object.values(schemas)) if (s.type === 'object') s.additionalProperties = false;
  return unknownRefsToAny(schemas);
}

/**
 * A field checked only by a custom rule (ValidateBy) with a union type has no schema type: the
 * generator refers to its design type, e.g. `Object`, a schema that does not exist. It stands
 * for any value (its rule is in the DTO), so say that rather than leave a dangling $ref.
 */
function unknownRefsToAny(schemas: Record<string, SchemaObject>): Record<string, SchemaObject> {
  const dangling = (v: unknown): v is { $ref: string } =>
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { $ref?: unknown }).$ref === 'string' &&
    !((v as { $ref: string }).$ref.slice(PREFIX.length) in schemas);
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (dangling(v)) return { description: 'checked by a custom rule' };
    if (typeof v !== 'object' || v === null) return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
  };
  return walk(schemas) as Record<string, SchemaObject>;
}

/**
 * The schemas `root` refers to, directly or through each other: the document lists only what
 * its routes use (not, e.g., the configuration class or job payloads).
 */
export function referencedSchemas(
  root: unknown,
  schemas: Record<string, SchemaObject>,
): Record<string, SchemaObject> {
  const out: Record<string, SchemaObject> = {};
  const pending = refsIn(root);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const schema = schemas[name];
    if (!schema || out[name]) continue;
    out[name] = schema;
    pending.push(...refsIn(schema));
  }
  return out;
}

function refsIn(value: unknown): string[] {
  const re = new RegExp(`"${PREFIX.replace(/[/#]/g, '\\$&')}([^"]+)"`, 'g');
  return [...JSON.stringify(value).matchAll(re)].map((m) => m[1]);
}
