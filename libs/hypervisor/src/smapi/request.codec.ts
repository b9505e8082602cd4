import type { SmapiFunction } from '../protocol.js';
import { SmapiCodecError } from './codec.error.js';
import type { FunctionLayout, InputField, InputValue, InputValues } from './layout.types.js';
import { SMAPI_LAYOUTS } from './smapi.layouts.js';

/** Who the request server authenticates, and the image the call is about. */
export interface SmapiCaller {
  userid: string;
  password: string;
  target: string;
}

const int4 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const chars = (s: string): Buffer => Buffer.from(s, 'latin1');
const lengthPrefixed = (s: string): Buffer[] => [int4(Buffer.byteLength(s, 'latin1')), chars(s)];
const nulTerminated = (list: readonly string[]): Buffer =>
  Buffer.concat(list.map((s) => Buffer.concat([chars(s), Buffer.of(0)])));

function asString(field: InputField, v: InputValue | undefined): string {
  if (v === undefined) return '';
  if (typeof v !== 'string') throw new SmapiCodecError(`${field.name} must be text`);
  return v;
}

function asList(field: InputField, v: InputValue | undefined): readonly string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new SmapiCodecError(`${field.name} must be a list of text`);
  return v as readonly string[];
}

function asInt(field: InputField, v: InputValue | undefined, max: number): number {
  const n = v ?? 0;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max) {
    throw new SmapiCodecError(`${field.name} must be an integer 0..${max}`);
  }
  return n;
}

function encodeField(field: InputField, v: InputValue | undefined): Buffer[] {
  switch (field.kind) {
    case 'string':
      return lengthPrefixed(asString(field, v));
    case 'raw':
      return [chars(asString(field, v))];
    case 'int1':
      return [Buffer.of(asInt(field, v, 0xff))];
    case 'int4':
      return [int4(asInt(field, v, 0x7fffffff))];
    case 'cstrings':
      return [nulTerminated(asList(field, v))];
    case 'cstringsCounted': {
      const body = nulTerminated(asList(field, v));
      return [int4(body.length), body];
    }
    case 'records': {
      const records = asList(field, v).flatMap(lengthPrefixed);
      const body = Buffer.concat(records);
      return [int4(body.length), body];
    }
  }
}

function header(fn: string, layout: FunctionLayout, caller: SmapiCaller): Buffer[] {
  if (layout.header === 'short') return [Buffer.of(0xff), chars(fn), Buffer.of(0)];
  return [fn, caller.userid, caller.password, caller.target].flatMap(lengthPrefixed);
}

/** The request bytes for one call: total length, header, then the parameters in layout order. */
export function encodeRequest(
  fn: SmapiFunction,
  caller: SmapiCaller,
  values: InputValues = {},
): Buffer {
  const layout = SMAPI_LAYOUTS[fn];
  const known = new Set(layout.input.map((f) => f.name));
  const unknown = Object.keys(values).filter((k) => !known.has(k));
  if (unknown.length > 0) throw new SmapiCodecError(`${fn} takes no ${unknown.join(', ')}`);
  const body = Buffer.concat([
    ...header(fn, layout, caller),
    ...layout.input.flatMap((f) => encodeField(f, values[f.name])),
  ]);
  return Buffer.concat([int4(body.length), body]);
}

/**
 * Response_Recovery for a request whose answer was lost after its request id arrived: the
 * reference client sends it with an empty userid and password and target MAINT.
 */
export function encodeResponseRecovery(requestId: number): Buffer {
  const body = Buffer.concat([
    ...['Response_Recovery', '', '', 'MAINT'].flatMap(lengthPrefixed),
    int4(requestId),
  ]);
  return Buffer.concat([int4(body.length), body]);
}
