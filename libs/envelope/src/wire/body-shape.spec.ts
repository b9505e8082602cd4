import { BODY_SHAPE, bodyShapeProblem } from './body-shape.js';

const problem = (body: unknown) => bodyShapeProblem(body)?.message ?? null;

describe('bodyShapeProblem (#16.2)', () => {
  it('passes an ordinary body', () => {
    expect(bodyShapeProblem({ guest: { userid: 'A', disk_list: [{ size: '1g' }] } })).toBeNull();
  });

  it('refuses 10,000 levels of nesting without overflowing the stack', () => {
    const deep = JSON.parse('['.repeat(10000) + ']'.repeat(10000)) as unknown;
    expect(problem(deep)).toMatch(/Malformed JSON: .*deeper/);
  });

  it('refuses too many keys, items or characters', () => {
    const keys = Object.fromEntries(
      Array.from({ length: BODY_SHAPE.maxKeys + 1 }, (_, i) => [`k${i}`, 1]),
    );
    expect(problem({ a: keys })).toMatch(/keys/);
    expect(problem([new Array(BODY_SHAPE.maxItems + 1).fill(0)])).toMatch(/items/);
    expect(problem({ a: 'x'.repeat(BODY_SHAPE.maxStringLength + 1) })).toMatch(/characters/);
  });

  it('refuses lone surrogates in values and keys, not paired ones', () => {
    expect(problem({ a: 'x\ud800' })).toMatch(/field\/attribute a\. .*lone surrogate/);
    expect(problem({ ['\udc00']: 1 })).toMatch(/\["\\udc00"\]\. Its name .*surrogate/);
    expect(problem({ a: '😀' })).toBeNull();
  });
});

describe('bodyShapeProblem: text no database stores (#57.11)', () => {
  it('refuses a NUL as a 400 naming its path, however deep', () => {
    const err = bodyShapeProblem({ guest: { disk_list: [{ size: '1g' }, { format: 'x\u0000' }] } });
    expect(err?.httpStatus).toBe(400);
    expect(err?.message).toBe(
      'ValidationError: Validation error: Invalid input for field/attribute ' +
        'guest.disk_list[1].format. Its value holds a NUL character (\\u0000)',
    );
  });

  it('names keys that are no plain word quoted, and a bare string as the body', () => {
    expect(problem({ 'a b': { c: '\u0000' } })).toContain('field/attribute ["a b"].c.');
    expect(problem({ info: { ['k\u0000']: 1 } })).toContain(
      'field/attribute info["k\\u0000"]. Its name holds a NUL',
    );
    expect(problem('\u0000')).toContain('field/attribute body.');
  });

  it('walks a body at the size limit once: 200,000 strings and 4 MiB of text in well under a second', () => {
    const row = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'é'.repeat(10)]));
    const rows = Array.from({ length: 10000 }, () => ({ ...row }));
    const long = Array.from({ length: 30 }, () => 'x€'.repeat(30000));
    const t = performance.now();
    expect(bodyShapeProblem({ rows, long })).toBeNull();
    expect(performance.now() - t).toBeLessThan(1000);
  });
});
