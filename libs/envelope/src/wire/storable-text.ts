import { Errors } from '../error-catalogue.js';
import type { HvError } from '../hv-error.js';

/**
 * Text no database column takes, whichever provider: a NUL (PostgreSQL refuses it in text and
 * jsonb, `invalid byte sequence for encoding "UTF8": 0x00`, where SQLite stored it) or a lone
 * surrogate (it has no UTF-8 form: the driver would store U+FFFD in its place).
 */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Why `text` cannot be stored (`holds …`), or null when it can. Both tests are a scan of the
 * string that V8 makes cheap (a byte search; no surrogate can be in a one-byte string), so
 * checking every string of a request stays linear in its size.
 */
export function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return 'holds a NUL character (\\u0000)';
  return LONE_SURROGATE.test(text) ? 'holds a lone surrogate' : null;
}

/** Where a field of a request is: the reference's words for a body field and a query parameter. */
export type TextPlace = 'field/attribute' | 'query parameters' | 'path parameter';

/**
 * The 400 for unstorable text, naming the field as the reference's validation errors do
 * (`Invalid input for field/attribute <field>. …`). The value itself is not echoed: it is the
 * very text that cannot be stored, written or shown.
 */
export function unstorableTextError(
  place: TextPlace,
  field: string,
  why: string,
  what: 'value' | 'name' = 'value',
): HvError {
  return Errors.validation(`Invalid input for ${place} ${field}. Its ${what} ${why}`);
}

/** A name as it can be shown: as is when it is a plain word, else JSON-quoted (escaped). */
export const fieldName = (name: string): string =>
  /^[\w-]+$/.test(name) ? name : JSON.stringify(name);

/**
 * The 400 for the first path or query parameter (name or value, a repeated one's every value)
 * that holds unstorable text, or null. `values` are Fastify's parsed params or query.
 */
export function unstorableParam(
  place: 'query parameters' | 'path parameter',
  values: Record<string, unknown> | undefined,
): HvError | null {
  if (!values) return null;
  for (const name of Object.keys(values)) {
    const nameWhy = unstorableText(name);
    if (nameWhy) return unstorableTextError(place, fieldName(name), nameWhy, 'name');
    const v = values[name];
    for (const item of Array.isArray(v) ? (v as unknown[]) : [v]) {
      const why = typeof item === 'string' ? unstorableText(item) : null;
      if (why) return unstorableTextError(place, fieldName(name), why);
    }
  }
  return null;
}
