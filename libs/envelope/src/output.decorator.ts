import { ApiResponse, type SchemaObject } from '@nestjs/swagger';

/**
 * Documents the `output` of the route's success envelope (200, the spec's status for every
 * success): the OpenAPI annotator refines the envelope with it, so generated clients get a
 * typed `output` instead of an untyped one.
 */
export const ApiOutput = (output: SchemaObject, description?: string): MethodDecorator =>
  ApiResponse({
    status: 200,
    ...(description && { description }),
    schema: { properties: { output } },
  });

/**
 * An object whose keys are exactly `properties` (the code builds it literally), all required
 * but those named in `optional`.
 */
export const exactObject = (
  properties: Record<string, SchemaObject>,
  optional: readonly string[] = [],
): SchemaObject => ({
  type: 'object',
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
  additionalProperties: false,
});

/** An object keyed by names the data picks (userids, device numbers), each value `value`. */
export const mapOf = (value: SchemaObject, keys?: string): SchemaObject => ({
  type: 'object',
  additionalProperties: value,
  ...(keys && { description: `keyed by ${keys}` }),
});

export const arrayOf = (items: SchemaObject): SchemaObject => ({ type: 'array', items });

export const STRING: SchemaObject = { type: 'string' };
export const INTEGER: SchemaObject = { type: 'integer' };
export const STRINGS: SchemaObject = arrayOf(STRING);
