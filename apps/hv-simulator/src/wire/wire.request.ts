import {
  SMAPI_FUNCTIONS,
  SMAPI_LAYOUTS,
  type InputField,
  type InputValue,
  type SmapiFunction,
} from '#hypervisor';

/** A request as the simulator's request server receives it. */
export interface WireRequest {
  fn: SmapiFunction;
  userid: string;
  password: string;
  target: string;
  values: Record<string, InputValue>;
}

/** The request does not parse: the server answers it as a syntax error. */
export class WireRequestError extends Error {
  override readonly name = 'WireRequestError';
}

const isFunction = (name: string): name is SmapiFunction =>
  (SMAPI_FUNCTIONS as readonly string[]).includes(name);

/** Reads the server side of the protocol: a cursor over one request's bytes. */
class Cursor {
  private at = 0;
  constructor(private readonly buf: Buffer) {}

  get left(): number {
    return this.buf.length - this.at;
  }

  bytes(n: number): Buffer {
    if (n < 0 || n > this.left) {
      throw new WireRequestError(`field of ${n} bytes at offset ${this.at}, ${this.left} left`);
    }
    const out = this.buf.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }

  word(): number {
    return this.bytes(4).readInt32BE(0);
  }

  text(): string {
    return this.bytes(this.word()).toString('latin1');
  }

  rest(): Buffer {
    return this.bytes(this.left);
  }
}

/** NUL-terminated strings; a final one without its NUL still counts. */
const splitNul = (b: Buffer): string[] => {
  const parts = b.toString('latin1').split('\0');
  if (parts[parts.length - 1] === '') parts.pop();
  return parts;
};

function readInput(c: Cursor, field: InputField): InputValue {
  switch (field.kind) {
    case 'string':
      return c.text();
    case 'int1':
      return c.bytes(1)[0];
    case 'int4':
      return c.word();
    case 'raw':
      return c.rest().toString('latin1');
    case 'cstrings':
      return splitNul(c.rest());
    case 'cstringsCounted':
      return splitNul(c.bytes(c.word()));
    case 'records': {
      const block = new Cursor(c.bytes(c.word()));
      const records: string[] = [];
      while (block.left > 0) records.push(block.text());
      return records;
    }
  }
}

/**
 * Parses one request (the bytes after its total length) by its function's layout. A short
 * header is a 0xFF byte and the NUL-terminated name; a standard one names the function,
 * userid, password and target, each with a 4-byte length.
 */
export function decodeWireRequest(body: Buffer): WireRequest {
  const c = new Cursor(body);
  let name: string;
  let userid = '';
  let password = '';
  let target = '';
  if (body[0] === 0xff) {
    c.bytes(1);
    name = splitNul(c.rest())[0] ?? '';
  } else {
    name = c.text();
    userid = c.text();
    password = c.text();
    target = c.text();
  }
  if (!isFunction(name)) throw new WireRequestError(`unknown function ${JSON.stringify(name)}`);
  const values: Record<string, InputValue> = {};
  for (const field of SMAPI_LAYOUTS[name].input) {
    if (c.left === 0) break; // trailing optional parameters left out
    values[field.name] = readInput(c, field);
  }
  if (c.left > 0) throw new WireRequestError(`${name}: ${c.left} bytes after the parameters`);
  return { fn: name, userid, password, target, values };
}

/**
 * The request id a Response_Recovery request asks for, or undefined for any other request
 * (it is not one of the service's functions, so it has no layout).
 */
export function recoveryRequestId(body: Buffer): number | undefined {
  if (body[0] === 0xff) return undefined;
  try {
    const c = new Cursor(body);
    if (c.text() !== 'Response_Recovery') return undefined;
    c.text(); // userid
    c.text(); // password
    c.text(); // target
    return c.word();
  } catch {
    return undefined;
  }
}
