import { Errors } from '../error-catalogue.js';
import type { HvError } from '../hv-error.js';
import { unstorableText, unstorableTextError } from './storable-text.js';

/** Bounds on a parsed JSON body, checked before any validator or transformer walks it. */
export const BODY_SHAPE = {
  /** Nesting of objects and arrays (the deepest spec body has 4 levels). */
  maxDepth: 16,
  maxKeys: 1000,
  maxItems: 10000,
  maxStringLength: 65536,
} as const;

/** A value met in the walk, with where it sits: read back only to name a refused one. */
interface Place {
  value: unknown;
  depth: number;
  parent: Place | null;
  key: string | number | null;
}

/** `guest.disk_list[0].format`: a place's path from the body, or `body` for the body itself. */
function pathOf(place: Place): string {
  const keys: (string | number)[] = [];
  for (let p: Place | null = place; p && p.key !== null; p = p.parent) keys.push(p.key);
  let path = '';
  for (const k of keys.reverse()) {
    if (typeof k === 'number') path += `[${k}]`;
    else if (/^[A-Za-z_]\w*$/.test(k)) path += path ? `.${k}` : k;
    else path += `[${JSON.stringify(k)}]`;
  }
  return path || 'body';
}

/**
 * What is wrong with the body, or null: a shape out of bounds (`Malformed JSON: …`) or a string
 * a database cannot store (storable-text.ts; a 400 naming its path). Iterative, so a 10,000-level
 * body cannot overflow the stack; one visit per value, so a huge body is refused in linear time.
 */
export function bodyShapeProblem(body: unknown): HvError | null {
  const stack: Place[] = [{ value: body, depth: 0, parent: null, key: null }];
  while (stack.length) {
    const place = stack.pop()!;
    const { value: v, depth } = place;
    if (typeof v === 'string') {
      if (v.length > BODY_SHAPE.maxStringLength)
        return Errors.malformedJson(
          `a string is longer than ${BODY_SHAPE.maxStringLength} characters`,
        );
      const why = unstorableText(v);
      if (why) return unstorableTextError('field/attribute', pathOf(place), why);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= BODY_SHAPE.maxDepth)
      return Errors.malformedJson(`the body is nested deeper than ${BODY_SHAPE.maxDepth}`);
    if (Array.isArray(v)) {
      if (v.length > BODY_SHAPE.maxItems)
        return Errors.malformedJson(`an array has more than ${BODY_SHAPE.maxItems} items`);
      (v as unknown[]).forEach((item, i) =>
        stack.push({ value: item, depth: depth + 1, parent: place, key: i }),
      );
      continue;
    }
    const keys = Object.keys(v);
    if (keys.length > BODY_SHAPE.maxKeys)
      return Errors.malformedJson(`an object has more than ${BODY_SHAPE.maxKeys} keys`);
    for (const k of keys) {
      const child: Place = {
        value: (v as Record<string, unknown>)[k],
        depth: depth + 1,
        parent: place,
        key: k,
      };
      const why = unstorableText(k);
      if (why) return unstorableTextError('field/attribute', pathOf(child), why, 'name');
      stack.push(child);
    }
  }
  return null;
}
