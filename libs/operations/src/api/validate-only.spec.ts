import { HvError } from '#envelope';
import { validateOnlyOf } from './operation-request.decorator.js';

describe('validateOnlyOf', () => {
  it.each([
    [undefined, false],
    [{}, false],
    [{ validate_only: 'true' }, true],
    [{ validate_only: 'false' }, false],
  ])('%j → %s', (query, want) => {
    expect(validateOnlyOf(query)).toBe(want);
  });

  it.each(['yes', '1', '', ['true', 'true']])('refuses %j naming validate_only', (v) => {
    let err: unknown;
    try {
      validateOnlyOf({ validate_only: v });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(HvError);
    expect((err as HvError).toEnvelope()).toMatchObject({ overallRC: 400 });
    expect((err as HvError).toEnvelope().errmsg).toContain('validate_only');
  });
});
