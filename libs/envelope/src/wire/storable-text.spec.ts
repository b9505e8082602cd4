import { unstorableParam, unstorableText } from './storable-text.js';

describe('unstorableText (#57.11)', () => {
  it('finds a NUL and a lone surrogate, and passes anything else', () => {
    expect(unstorableText('a\u0000b')).toMatch(/NUL/);
    expect(unstorableText('a\ud800')).toMatch(/lone surrogate/);
    expect(unstorableText('\udc00\u0000')).toMatch(/NUL/);
    for (const ok of ['', 'plain', '😀', '\u0001\u007f\uffff', 'é\n\t'])
      expect(unstorableText(ok)).toBeNull();
  });
});

describe('unstorableParam (#57.11)', () => {
  it('names the first parameter whose value, or one of whose values, holds a NUL', () => {
    expect(unstorableParam('path parameter', { name: 'a\u0000' })?.message).toContain(
      'Invalid input for path parameter name. Its value holds a NUL',
    );
    expect(
      unstorableParam('query parameters', { limit: '1', imagename: ['a', 'b\u0000'] })?.message,
    ).toContain('Invalid input for query parameters imagename. Its value');
    expect(unstorableParam('query parameters', { ['x\u0000']: '1' })?.message).toContain(
      'query parameters "x\\u0000". Its name holds a NUL',
    );
  });

  it('passes clean parameters and none at all', () => {
    expect(unstorableParam('query parameters', { a: 'b', c: ['d', 'e'] })).toBeNull();
    expect(unstorableParam('path parameter', undefined)).toBeNull();
  });
});
