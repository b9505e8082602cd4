import type { SmapiFunction } from '#hypervisor';

/**
 * Spelled-out bytes of the systems-management wire protocol, for fixtures written by hand from
 * the reference C client's layouts (openmainframeproject/feilong, zthin-parts/zthin): every
 * field is one call here, so a fixture reads as the layout it was checked against. Nothing here
 * uses the service's own layout table, so a fixture cannot agree with it by construction.
 */
export type Bytes = Buffer;

const cat = (parts: readonly Bytes[]): Bytes => Buffer.concat(parts);

/** One byte (INT1). */
export const int1 = (n: number): Bytes => Buffer.of(n);

/** A 4-byte big-endian integer (INT4, and every length or count). */
export function int4(n: number): Bytes {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}

/** An 8-byte big-endian integer (INT8). */
export function int8(n: bigint | number): Bytes {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(BigInt(n));
  return b;
}

/** Characters alone: no length, no terminator. */
export const chars = (s: string): Bytes => Buffer.from(s, 'latin1');

/** STRING_LEN / CHARBUF_LEN: a 4-byte length, then the characters. */
export const str = (s: string): Bytes => cat([int4(Buffer.byteLength(s, 'latin1')), chars(s)]);

/** C_STR_PTR: the characters and a NUL. */
export const cstr = (s: string): Bytes => cat([chars(s), Buffer.of(0)]);

/** FIXED_STR_PTR: exactly `size` characters, blank padded. */
export const fixed = (s: string, size: number): Bytes => chars(s.padEnd(size).slice(0, size));

/** Bytes in order. */
export const seq = (...parts: Bytes[]): Bytes => cat(parts);

/** ARRAY_LEN / STRUCT_LEN: a 4-byte byte count of what follows, then it. */
export const sized = (...parts: Bytes[]): Bytes => {
  const body = cat(parts);
  return cat([int4(body.length), body]);
};

/** ARRAY_COUNT: a 4-byte element count, then the elements. */
export const counted = (...elements: Bytes[]): Bytes => cat([int4(elements.length), ...elements]);

/** The caller every fixture's request authenticates as. */
export const CALLER = { userid: 'MAINT', password: 'pw' } as const;
/** The request id every fixture's response carries. */
export const REQUEST_ID = 7;

/**
 * A request with the common header: total length, then the function name, authenticated
 * userid, password and target identifier (each length-prefixed), then the parameters.
 */
export function request(fn: SmapiFunction, target: string, ...params: Bytes[]): Bytes {
  return sized(str(fn), str(CALLER.userid), str(CALLER.password), str(target), ...params);
}

/** System_Info_Query's header: total length, a 0xFF separator and the NUL-terminated name. */
export const shortRequest = (fn: SmapiFunction): Bytes => sized(int1(0xff), cstr(fn));

/**
 * A response as it arrives: the request id alone, then the output length and the output
 * (request id, return code, reason code, the function's fields).
 */
export function response(rc: number, rs: number, ...output: Bytes[]): Bytes {
  return seq(int4(REQUEST_ID), sized(int4(REQUEST_ID), int4(rc), int4(rs), ...output));
}
