import type { SchemaObject } from '@nestjs/swagger';
import type { BodyVariants } from '#envelope';

const REF = '#/components/schemas/';

/**
 * Schemas of a body whose `field` picks the DTO for the rest: one schema per value (the DTO's
 * rules plus `field` fixed to that value) and, under `name`, their `oneOf` with a discriminator
 * on `field`. Each variant is a copy, not an `allOf` with the DTO: the DTO refuses unknown
 * fields, which would refuse `field` itself.
 */
export function bodyVariantSchemas(
  { name, field, variants }: BodyVariants,
  dtos: Record<string, SchemaObject>,
): Record<string, SchemaObject> {
  const out: Record<string, SchemaObject> = {};
  const mapping: Record<string, string> = {};
  for (const [value, dto] of Object.entries(variants)) {
    const own: SchemaObject = dto
      ? (dtos[dto.name] ?? { type: 'object', additionalProperties: false })
      : { type: 'object', description: 'Any other fields are ignored.' };
    const variant = `${name}_${value}`;
    out[variant] = {
      ...own,
      type: 'object',
      title: `${field}: ${value}`,
      required: [field, ...(own.required ?? [])],
      // `const` for JSON Schema 2020-12 (SchemaObject's type lacks it), `enum` for older tools
      properties: {
        [field]: { type: 'string', const: value, enum: [value] } as SchemaObject,
        ...own.properties,
      },
    };
    mapping[value] = REF + variant;
  }
  out[name] = {
    oneOf: Object.values(mapping).map(($ref) => ({ $ref })),
    discriminator: { propertyName: field, mapping },
  };
  return out;
}
