import { SmapiCodecError } from './codec.error.js';

/** Reads big-endian fields from a buffer, failing clearly instead of reading past its end. */
export class ByteReader {
  private offset: number;

  constructor(
    private readonly buf: Buffer,
    start = 0,
    private readonly end = buf.length,
  ) {
    this.offset = start;
  }

  /** The whole buffer, for nested readers bounded inside it. */
  get buffer(): Buffer {
    return this.buf;
  }

  get position(): number {
    return this.offset;
  }

  get remaining(): number {
    return this.end - this.offset;
  }

  int1(): number {
    return this.take(1).readUInt8(0);
  }

  int4(): number {
    return this.take(4).readInt32BE(0);
  }

  int8(): bigint {
    return this.take(8).readBigInt64BE(0);
  }

  /** A 4-byte length, then that many characters. */
  string(): string {
    const length = this.int4();
    if (length < 0)
      throw new SmapiCodecError(`negative string length ${length} at ${this.offset - 4}`);
    return this.text(length);
  }

  bytes(length: number): Buffer {
    return this.take(length);
  }

  text(length: number): string {
    return this.take(length).toString('latin1');
  }

  /** Characters up to a NUL (consumed); the end of the data also ends the string. */
  cstring(): string {
    const nul = this.buf.indexOf(0, this.offset);
    const stop = nul < 0 || nul >= this.end ? this.end : nul;
    const value = this.buf.toString('latin1', this.offset, stop);
    this.offset = Math.min(stop + 1, this.end);
    return value;
  }

  skip(length: number): void {
    this.take(length);
  }

  private take(length: number): Buffer {
    if (length > this.remaining) {
      throw new SmapiCodecError(
        `needs ${length} bytes at offset ${this.offset}, ${this.remaining} left`,
      );
    }
    const slice = this.buf.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }
}
