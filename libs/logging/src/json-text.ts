/** Text that JSON.stringify would write as is between its quotes: printable ASCII but `"` and `\`. */
const PLAIN = /^[ !#-[\]-~]*$/;

/**
 * A string as a JSON string literal, exactly as JSON.stringify writes it; a plain one (every
 * request id, route, address and subject in practice) quoted without JSON.stringify's general
 * path, about half its cost.
 */
export const jsonText = (s: string): string => (PLAIN.test(s) ? `"${s}"` : JSON.stringify(s));

/**
 * A number as a JSON number rounded to two decimals, `12.30` for 12.3: from integers,
 * as the shortest-round-trip text of a fraction (what `String(12.3)` computes) cost some 240 ns
 * a request line, the line's largest single part on `GET /` (bench/README.md, session 31).
 */
export function hundredths(n: number): string {
  if (!Number.isFinite(n)) return 'null'; // as JSON.stringify writes NaN and Infinity
  if (n < 0) return `-${hundredths(-n)}`;
  const h = Math.round(n * 100);
  const frac = h % 100;
  return `${(h - frac) / 100}.${frac < 10 ? '0' : ''}${frac}`;
}
