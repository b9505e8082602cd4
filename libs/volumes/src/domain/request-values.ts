/** Loose request values the reference accepts (reference-behaviour §3 and §6). */

export { boolish } from '#envelope';

/**
 * A list parameter as the reference's client writes it in a query string: a Python literal
 * (`['a', 'b']`), or JSON, or a bare comma-separated list. Undefined when it is none of those.
 */
export function literalList(v: unknown): string[] | undefined {
  if (Array.isArray(v)) return v.every((x) => typeof x === 'string') ? v : undefined;
  if (typeof v !== 'string') return undefined;
  const text = v.trim();
  const inner = /^\[(.*)\]$/s.exec(text)?.[1] ?? /^\((.*)\)$/s.exec(text)?.[1] ?? text;
  if (inner.trim() === '') return [];
  const out: string[] = [];
  for (const raw of inner.split(',')) {
    const item = raw.trim();
    if (item === '') continue; // a trailing comma, as Python allows
    const quoted = /^'([^']*)'$/.exec(item) ?? /^"([^"]*)"$/.exec(item);
    out.push(quoted ? quoted[1] : item);
  }
  return out;
}

/** A non-negative integer given as a number or a digit string. */
