import { mock, type MockProxy } from 'jest-mock-extended';

/**
 * What a strict mock starts with: only members T has (a renamed member fails to compile), a
 * method taking T's parameters but free to answer a partial row, as a fake usually does.
 */
export type StrictOverrides<T> = {
  [K in keyof T]?: T[K] extends (...args: infer A) => unknown ? (...args: A) => unknown : unknown;
};

/**
 * A jest-mock-extended `mock<T>()` whose members nobody stubbed throw when called, naming the
 * member: a unit spec then fails where the code under test reaches for something the spec did
 * not expect, instead of getting `undefined` back and failing later (or not at all).
 * Every member is a jest.fn, so `calledWith`, `mockResolvedValue` and `toHaveBeenCalled` work.
 */
export function strictMock<T>(
  overrides: StrictOverrides<T> = {},
  name = 'strictMock',
): MockProxy<T> & T {
  // jest-mock-extended calls the fallback without telling it which member was called; the
  // member is the one read last (a call reads the member, then calls it, nothing in between).
  let lastRead = '';
  const target = mock<T>(overrides as never, {
    fallbackMockImplementation: () => {
      throw new Error(`${name}.${lastRead}() was called, but the spec did not stub it`);
    },
  });
  return new Proxy(target, {
    get(obj, property, receiver) {
      if (typeof property === 'string') lastRead = property;
      return Reflect.get(obj, property, receiver);
    },
  });
}
