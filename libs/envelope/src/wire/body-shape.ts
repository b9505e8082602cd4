/** Bounds on a parsed JSON body, checked before any validator or transformer walks it. */
export const BODY_SHAPE = {
  /** Nesting of objects and arrays (the deepest spec body has 4 levels). */
  maxDepth: 16,
  maxKeys: 1000,
  maxItems: 10000,
  maxStringLength: 65536,
} as const;

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * What is wrong with the body's shape, or null. Iterative, so a 10,000-level body cannot
 * overflow the stack; linear in the body's size, so a huge object is refused fast. Strings
 * must be well formed (a lone surrogate cannot be stored or sent to the hypervisor).
 */
export function bodyShapeProblem(body: unknown): string | null {
  const stack: [unknown, number][] = [[body, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.length > BODY_SHAPE.maxStringLength)
        return `a string is longer than ${BODY_SHAPE.maxStringLength} characters`;
      if (LONE_SURROGATE.test(v)) return 'a string holds a lone surrogate';
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= BODY_SHAPE.maxDepth)
      return `the body is nested deeper than ${BODY_SHAPE.maxDepth}`;
    if (Array.isArray(v)) {
      if (v.length > BODY_SHAPE.maxItems)
        return `an array has more than ${BODY_SHAPE.maxItems} items`;
      for (const item of v as unknown[]) stack.push([item, depth + 1]);
      continue;
    }
    const keys = Object.keys(v);
    if (keys.length > BODY_SHAPE.maxKeys)
      return `an object has more than ${BODY_SHAPE.maxKeys} keys`;
    for (const k of keys) {
      if (LONE_SURROGATE.test(k)) return 'a key holds a lone surrogate';
      stack.push([(v as Record<string, unknown>)[k], depth + 1]);
    }
  }
  return null;
}
