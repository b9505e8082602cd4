/** Text that JSON.stringify would write as is between its quotes: printable ASCII but `"` and `\`. */
const PLAIN = /^[ !#-[\]-~]*$/;

/** What is not ASCII, escaped as `\uXXXX` by jsonAscii (each UTF-16 unit of a pair alone). */
const NON_ASCII = /[\u0080-\uffff]/g;
const unicodeEscape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * A string as a JSON string literal that is ASCII only: what JSON.stringify writes, with every
 * character past ASCII escaped (`\u00e9`), so JSON.parse reads back the same string. A line
 * made of such text goes to its file byte for byte, without UTF-8's encoding (lineFrame). A
 * plain string (every request id, route, address and subject in practice) is quoted without
 * JSON.stringify's general path, about half its cost.
 */
export const jsonAscii = (s: string): string =>
  PLAIN.test(s) ? `"${s}"` : JSON.stringify(s).replace(NON_ASCII, unicodeEscape);

/**
 * A number as a JSON number rounded to two decimals, `12.30` for 12.3: from integers,
 * as the shortest-round-trip text of a fraction (what `String(12.3)` computes) cost some 240 ns
 * a request line, the line's largest single part on `GET /` (docs/decisions/0010).
 */
export function hundredths(n: number): string {
  if (!Number.isFinite(n)) return 'null'; // as JSON.stringify writes NaN and Infinity
  if (n < 0) return `-${hundredths(-n)}`;
  const h = Math.round(n * 100);
  const frac = h % 100;
  return `${(h - frac) / 100}.${frac < 10 ? '0' : ''}${frac}`;
}
