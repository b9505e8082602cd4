import type { SchemaObject } from '@nestjs/swagger';
import { sampleOf } from './examples.js';

const schemas: Record<string, SchemaObject> = {
  Disk: {
    type: 'object',
    required: ['size'],
    properties: { size: { type: 'string', pattern: '^[1-9][0-9]{0,3}[mMgG]$' }, note: {} },
  },
};

describe('sampleOf', () => {
  it('takes a value that passes the pattern, by field name first', () => {
    const s = { type: 'string', pattern: '^[0-9a-fA-F]{1,4}$' } as const;
    expect(sampleOf(s, {}, { all: false }, 'vdev')).toBe('0100');
    // a field name whose values do not fit: the first generic string that does
    expect(sampleOf({ type: 'string', pattern: '^\\d$' }, {}, { all: false }, 'userid')).toBe('1');
    expect(sampleOf({ type: 'string', format: 'uuid' }, {}, { all: false })).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it('keeps to bounds, const, enum and null', () => {
    expect(sampleOf({ type: 'integer', minimum: 4, maximum: 64 }, {}, { all: false })).toBe(4);
    expect(sampleOf({ type: 'integer', maximum: 0 }, {}, { all: false })).toBe(0);
    expect(sampleOf({ enum: ['b', 'a'] }, {}, { all: false })).toBe('b');
    expect(sampleOf({ type: ['integer', 'null'] }, {}, { all: false }, 'modID')).toBeNull();
  });

  it('follows $ref and allOf; objects with their required fields, or all for answers', () => {
    const ref = { $ref: '#/components/schemas/Disk' };
    expect(sampleOf({ type: 'array', items: ref }, schemas, { all: false })).toEqual([
      { size: '2g' },
    ]);
    const envelope: SchemaObject = {
      allOf: [
        { type: 'object', properties: { rc: { type: 'integer' }, output: {} } },
        { properties: { output: ref } },
      ],
    };
    expect(sampleOf(envelope, schemas, { all: true })).toEqual({
      rc: 0,
      output: { size: '2g', note: '' },
    });
  });
});
