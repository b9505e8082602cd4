import {
  SMAPI_LAYOUTS,
  toEbcdic,
  type OutputField,
  type OutputRecord,
  type SmapiFunction,
} from '#hypervisor';

const word = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const latin1 = (v: unknown): Buffer => Buffer.from(typeof v === 'string' ? v : '', 'latin1');
const withNul = (v: unknown): Buffer => Buffer.concat([latin1(v), Buffer.of(0)]);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);

/**
 * A string within its field's limits: the simulator never writes what the reference's parser
 * would refuse (the answer is a bug of the simulator, not a thing to send).
 */
function limited(field: { name: string; min?: number; max?: number }, v: unknown): string {
  const s = typeof v === 'string' ? v : '';
  if (
    (field.min !== undefined && s.length < field.min) ||
    (field.max !== undefined && s.length > field.max)
  ) {
    throw new Error(
      `${field.name}: ${JSON.stringify(s)} is outside ${field.min ?? 0}-${field.max ?? 'any'} characters`,
    );
  }
  return s;
}

function writeField(field: OutputField, v: unknown, rc: number): Buffer {
  switch (field.kind) {
    case 'int1':
      return Buffer.of(Number(v ?? 0) & 0xff);
    case 'int4':
      return word(Number(v ?? 0));
    case 'int8': {
      const b = Buffer.alloc(8);
      b.writeBigInt64BE(BigInt((v as bigint | number | undefined) ?? 0));
      return b;
    }
    case 'string': {
      const s = latin1(limited(field, v));
      return Buffer.concat([word(s.length), s]);
    }
    case 'cstring':
      return withNul(limited(field, v));
    case 'fixed': {
      const text = (typeof v === 'string' ? v : '').padEnd(field.size).slice(0, field.size);
      return field.ebcdic ? toEbcdic(text) : Buffer.from(text, 'latin1');
    }
    case 'cstrings':
      return Buffer.concat(list(v).map(withNul));
    case 'cstringsCounted': {
      const lines = Buffer.concat(list(v).map(withNul));
      return Buffer.concat([word(lines.length), lines]);
    }
    case 'errorData':
      return rc !== 0 ? latin1(v) : Buffer.alloc(0);
    case 'array': {
      const elements = list(v).map((rec) => {
        const fields = writeFields(field.fields, rec as OutputRecord, rc);
        return field.framed ? Buffer.concat([word(fields.length), fields]) : fields;
      });
      const body = Buffer.concat(elements);
      if (field.size === 'rest') return body;
      return Buffer.concat([word(field.size === 'count' ? elements.length : body.length), body]);
    }
  }
}

function writeFields(fields: readonly OutputField[], out: OutputRecord, rc: number): Buffer {
  return Buffer.concat(fields.map((f) => writeField(f, out[f.name], rc)));
}

/**
 * One whole answer: the request id alone first (the client reads it before anything else),
 * then the output length, request id, return and reason codes and the output by its layout.
 * A failed call carries only the leading fields it was given (often none).
 */
export function encodeWireResponse(
  fn: SmapiFunction,
  requestId: number,
  rc: number,
  rs: number,
  output: OutputRecord = {},
): Buffer {
  const layout = SMAPI_LAYOUTS[fn].output;
  const given = layout.findIndex((f) => !(f.name in output));
  const carried = rc === 0 || given < 0 ? layout : layout.slice(0, given);
  const body = Buffer.concat([
    word(requestId),
    word(rc),
    word(rs),
    writeFields(carried, output, rc),
  ]);
  return Buffer.concat([word(requestId), word(body.length), body]);
}
