import { BODY_SHAPE, bodyShapeProblem } from './body-shape.js';

describe('bodyShapeProblem (#16.2)', () => {
  it('passes an ordinary body', () => {
    expect(bodyShapeProblem({ guest: { userid: 'A', disk_list: [{ size: '1g' }] } })).toBeNull();
  });

  it('refuses 10,000 levels of nesting without overflowing the stack', () => {
    const deep = JSON.parse('['.repeat(10000) + ']'.repeat(10000)) as unknown;
    expect(bodyShapeProblem(deep)).toMatch(/deeper/);
  });

  it('refuses too many keys, items or characters', () => {
    const keys = Object.fromEntries(
      Array.from({ length: BODY_SHAPE.maxKeys + 1 }, (_, i) => [`k${i}`, 1]),
    );
    expect(bodyShapeProblem({ a: keys })).toMatch(/keys/);
    expect(bodyShapeProblem([new Array(BODY_SHAPE.maxItems + 1).fill(0)])).toMatch(/items/);
    expect(bodyShapeProblem({ a: 'x'.repeat(BODY_SHAPE.maxStringLength + 1) })).toMatch(
      /characters/,
    );
  });

  it('refuses lone surrogates in values and keys, not paired ones', () => {
    expect(bodyShapeProblem({ a: 'x\ud800' })).toMatch(/surrogate/);
    expect(bodyShapeProblem({ ['\udc00']: 1 })).toMatch(/surrogate/);
    expect(bodyShapeProblem({ a: '😀' })).toBeNull();
  });
});
