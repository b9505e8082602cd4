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
  return schemas;
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
