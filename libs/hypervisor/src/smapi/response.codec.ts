import type { SmapiFunction } from '../protocol.js';
import { ByteReader } from './byte.reader.js';
import { SmapiCodecError } from './codec.error.js';
import { fromEbcdic } from './ebcdic.js';
import type { ArrayField, OutputField, OutputRecord, OutputValue } from './layout.types.js';
import { SMAPI_LAYOUTS } from './smapi.layouts.js';

export interface SmapiResponse {
  requestId: number;
  rc: number;
  rs: number;
  output: OutputRecord;
}

/** Request id, return code and reason code: the part of the body every answer has. */
export const RESPONSE_CODES_BYTES = 12;

/** The reference's parser refuses a string outside its field's limits; so does ours. */
function withinLimits(field: { name: string; min?: number; max?: number }, s: string): string {
  if (
    (field.min !== undefined && s.length < field.min) ||
    (field.max !== undefined && s.length > field.max)
  ) {
    throw new SmapiCodecError(
      `${field.name}: ${s.length} characters, the layout allows ${field.min ?? 0}-${field.max ?? 'any'}`,
    );
  }
  return s;
}

function readScalar(r: ByteReader, field: OutputField, rc: number): OutputValue | undefined {
  switch (field.kind) {
    case 'int1':
      return r.int1();
    case 'int4':
      return r.int4();
    case 'int8':
      return r.int8();
    case 'string':
      return withinLimits(field, r.string());
    case 'cstring':
      return withinLimits(field, r.cstring());
    case 'fixed':
      return field.ebcdic ? fromEbcdic(r.bytes(field.size)) : r.text(field.size);
    case 'cstrings': {
      const list: string[] = [];
      while (r.remaining > 0) list.push(r.cstring());
      return list;
    }
    case 'cstringsCounted': {
      const text = r.string();
      // the last line's NUL ends the buffer; an empty buffer is no lines
      return text === '' ? [] : text.replace(/\0$/, '').split('\0');
    }
    case 'errorData':
      // Only a failed call carries error data; a successful one has nothing here.
      return rc !== 0 ? r.text(r.remaining) : undefined;
    case 'array':
      return readArray(r, field, rc);
  }
}

/** Reads fields in order while data remains; later fields a shorter answer leaves out are absent. */
function readFields(r: ByteReader, fields: readonly OutputField[], rc: number): OutputRecord {
  const out: OutputRecord = {};
  for (const field of fields) {
    if (r.remaining <= 0) break;
    const value = readScalar(r, field, rc);
    if (value !== undefined) out[field.name] = value;
  }
  return out;
}

/** One element; a framed one is bounded by its own length, extra trailing bytes skipped. */
function readElement(r: ByteReader, field: ArrayField, rc: number): OutputRecord {
  if (!field.framed) return readFields(r, field.fields, rc);
  const length = r.int4();
  if (length < 0 || length > r.remaining) {
    throw new SmapiCodecError(`${field.name}: structure length ${length}, ${r.remaining} left`);
  }
  const start = r.position;
  const inner = new ByteReader(r.buffer, start, start + length);
  const record = readFields(inner, field.fields, rc);
  r.skip(length);
  return record;
}

function readArray(r: ByteReader, field: ArrayField, rc: number): OutputRecord[] {
  const records: OutputRecord[] = [];
  if (field.size === 'rest') {
    while (r.remaining > 0) records.push(readElement(r, field, rc));
    return records;
  }
  const extent = r.int4();
  if (extent < 0) throw new SmapiCodecError(`${field.name}: negative ${field.size} ${extent}`);
  if (field.size === 'count') {
    for (let i = 0; i < extent; i++) records.push(readElement(r, field, rc));
    return records;
  }
  if (extent > r.remaining) {
    throw new SmapiCodecError(`${field.name}: array of ${extent} bytes, ${r.remaining} left`);
  }
  const start = r.position;
  const inner = new ByteReader(r.buffer, start, start + extent);
  while (inner.remaining > 0) records.push(readElement(inner, field, rc));
  r.skip(extent);
  return records;
}

/**
 * Parses a response body: the bytes after the output length, i.e. request id, return code,
 * reason code and the function's output.
 */
export function decodeResponseBody(fn: SmapiFunction, body: Buffer): SmapiResponse {
  if (body.length < RESPONSE_CODES_BYTES) {
    throw new SmapiCodecError(`${fn}: answer of ${body.length} bytes has no return codes`);
  }
  const r = new ByteReader(body);
  const requestId = r.int4();
  const rc = r.int4();
  const rs = r.int4();
  const output = readFields(r, SMAPI_LAYOUTS[fn].output, rc);
  return { requestId, rc, rs, output };
}

/** Parses a whole answer as it arrives: request id, output length, then the body. */
export function decodeResponse(fn: SmapiFunction, wire: Buffer): SmapiResponse {
  const r = new ByteReader(wire);
  const requestId = r.int4();
  const length = r.int4();
  if (length !== r.remaining) {
    throw new SmapiCodecError(`${fn}: output length ${length}, ${r.remaining} bytes follow`);
  }
  const response = decodeResponseBody(fn, wire.subarray(8));
  if (response.requestId !== requestId) {
    throw new SmapiCodecError(`${fn}: request id ${response.requestId} after ${requestId}`);
  }
  return response;
}
