/**
 * EBCDIC (code page 037) of the characters a userid can hold: the one field the request server
 * does not translate (Image_Performance_Query's guest name; smcliUnDocumented.c converts it).
 */
const PAIRS: [string, number][] = [
  [' ', 0x40],
  ['$', 0x5b],
  ['#', 0x7b],
  ['@', 0x7c],
  ...[...'ABCDEFGHI'].map((c, i): [string, number] => [c, 0xc1 + i]),
  ...[...'JKLMNOPQR'].map((c, i): [string, number] => [c, 0xd1 + i]),
  ...[...'STUVWXYZ'].map((c, i): [string, number] => [c, 0xe2 + i]),
  ...[...'0123456789'].map((c, i): [string, number] => [c, 0xf0 + i]),
];
const TO_EBCDIC = new Map(PAIRS);
const FROM_EBCDIC = new Map(PAIRS.map(([c, b]) => [b, c]));

/** Upper-case text as EBCDIC bytes; a character a userid cannot hold becomes a blank. */
export const toEbcdic = (s: string): Buffer =>
  Buffer.from([...s.toUpperCase()].map((c) => TO_EBCDIC.get(c) ?? 0x40));

/** EBCDIC bytes as text; a byte outside a userid's characters reads as `?`. */
export const fromEbcdic = (b: Buffer): string =>
  [...b].map((x) => FROM_EBCDIC.get(x) ?? '?').join('');
