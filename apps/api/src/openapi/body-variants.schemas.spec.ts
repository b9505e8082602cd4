import { IsDefined, IsInt, Min } from 'class-validator';
import { bodyVariantSchemas } from './body-variants.schemas.js';
import { dtoSchemas } from './dto.schemas.js';
import { headerParameters } from './request-headers.js';

class SpecResizeDto {
  @IsDefined() @IsInt() @Min(1) count!: number;
}

describe('bodyVariantSchemas', () => {
  const out = bodyVariantSchemas(
    { name: 'Act', field: 'action', variants: { grow: SpecResizeDto, poke: null } },
    dtoSchemas(),
  );

  it('makes one schema per value, the field fixed and the DTO rules kept', () => {
    expect(out.Act_grow).toMatchObject({
      type: 'object',
      required: ['action', 'count'],
      additionalProperties: false,
      properties: { action: { const: 'grow' }, count: { type: 'integer', minimum: 1 } },
    });
    // no DTO: only the field is known, anything else is let through
    expect(out.Act_poke.required).toEqual(['action']);
    expect(out.Act_poke.additionalProperties).toBeUndefined();
  });

  it('unites them under the name, discriminated by the field', () => {
    expect(out.Act).toEqual({
      oneOf: [{ $ref: '#/components/schemas/Act_grow' }, { $ref: '#/components/schemas/Act_poke' }],
      discriminator: {
        propertyName: 'action',
        mapping: { grow: '#/components/schemas/Act_grow', poke: '#/components/schemas/Act_poke' },
      },
    });
  });
});

describe('headerParameters', () => {
  it('spells headers as the spec does, once each, leaving out transport headers', () => {
    const params = headerParameters([
      'last-event-id',
      'Last-Event-ID',
      'content-length',
      'x-foo-bar',
    ]);
    expect(params.map((p) => [p.name, p.in, p.required])).toEqual([
      ['Last-Event-ID', 'header', false],
      ['X-Foo-Bar', 'header', false],
    ]);
  });
});
