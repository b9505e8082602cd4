import type { InputValues, OutputRecord } from './layout.types.js';

/**
 * How one function's JSON parameters (protocol.ts) become the real function's wire parameters,
 * and how its decoded output becomes the typed output SystemsManagement returns.
 */
export interface FunctionMapping {
  /** `target` is the call's target identifier (some functions repeat it in a parameter). */
  toWire(params: Readonly<Record<string, unknown>>, target: string): InputValues;
  /**
   * The request's target identifier is the authenticated caller and the image goes in a
   * parameter (Image_Performance_Query, as the reference sends it).
   */
  callerAsTarget?: boolean;
  /**
   * Further calls of the same function whose outputs complete the answer, after `toWire`'s (the
   * reference reads a pool's free and its used extents with two queries). Absent: one call.
   */
  moreCalls?(params: Readonly<Record<string, unknown>>, target: string): InputValues[];
  /**
   * Only called when every call answered rc 0 (a failed call carries its codes, and error
   * data, alone); `more` holds the outputs of `moreCalls`, in order.
   */
  fromWire(output: OutputRecord, more?: readonly OutputRecord[]): unknown;
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';

/** `fooBarId` → `foo_bar_id`: the API's keyword spelling of a JSON parameter name. */
export const keyword = (name: string): string =>
  name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * `keyword=value` strings for the functions that take them (…_Extended, VMRELOCATE): absent
 * values are left out, booleans are YES/NO as the reference sends `persist=`/`immediate=`.
 */
export function keywordStrings(
  params: Readonly<Record<string, unknown>>,
  names: readonly string[],
  renames: Readonly<Record<string, string>> = {},
): string[] {
  const out: string[] = [];
  for (const name of names) {
    const v = params[name];
    if (v === undefined || v === null || v === '') continue;
    const value = typeof v === 'boolean' ? (v ? 'YES' : 'NO') : text(v);
    out.push(`${renames[name] ?? keyword(name)}=${value}`);
  }
  return out;
}

/** `keyword=value` pairs of a text into a map (the first `=` splits). */
export function keywordPairs(items: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of items) {
    const at = item.indexOf('=');
    if (at > 0) out.set(item.slice(0, at).trim(), item.slice(at + 1).trim());
  }
  return out;
}

/** The array field of a decoded output, as records (absent = none). */
export const recordsOf = (output: OutputRecord, name: string): OutputRecord[] =>
  Array.isArray(output[name]) ? (output[name] as OutputRecord[]) : [];

/** A list-of-strings array field (one string field per element) as plain strings. */
export const stringsOf = (output: OutputRecord, name: string, field: string): string[] =>
  recordsOf(output, name).map((r) => text(r[field]));

export const linesOf = (output: OutputRecord, name = 'lines'): string[] =>
  Array.isArray(output[name]) ? (output[name] as string[]) : [];

/** `foo_bar_id` → `fooBarId`. */
export const camel = (kw: string): string =>
  kw.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * One record of an answer made of text lines: blank-separated `keyword=value` pairs, keywords
 * in the API's spelling, read back into a record with camel-case names.
 */
export function lineRecord(line: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of keywordPairs(line.split(' '))) out[camel(k)] = v;
  return out;
}

export { text as wireText };
