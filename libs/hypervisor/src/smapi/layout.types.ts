/**
 * Layout vocabulary of the systems-management API's byte protocol. Every length and integer
 * on the wire is big-endian; text is sent as single-byte characters (the request server
 * translates to and from EBCDIC).
 */

/** One input parameter, in the order the function takes them after the target identifier. */
export type InputField =
  /** 4-byte length, then the characters (length 0 for an empty value). */
  | { name: string; kind: 'string' }
  /** One byte holding a small number (flags such as data security erase). */
  | { name: string; kind: 'int1' }
  | { name: string; kind: 'int4' }
  /** The characters alone, no length and no terminator: the rest of the request. */
  | { name: string; kind: 'raw' }
  /** `keyword=value` strings, each ending in a NUL, up to the end of the request. */
  | { name: string; kind: 'cstrings' }
  /** The same strings preceded by a 4-byte total of their bytes (terminators included). */
  | { name: string; kind: 'cstringsCounted' }
  /** A 4-byte total, then each record as a 4-byte length and its characters. */
  | { name: string; kind: 'records' };

/** One field of a function's output, read after the request id, return and reason codes. */
export type OutputField =
  | { name: string; kind: 'int1' | 'int4' }
  /** 8 bytes, read as a bigint (identifiers and counters that can exceed 2^53). */
  | { name: string; kind: 'int8' }
  /**
   * 4-byte length, then the characters; `cstring`: characters up to a NUL. `min`/`max` are the
   * reference parser's limits on the length (smapiTableParser.c refuses the whole answer
   * when one is outside them).
   */
  | { name: string; kind: 'string' | 'cstring'; min?: number; max?: number }
  /** Exactly `size` characters (blank padded); `ebcdic`: sent untranslated, in EBCDIC. */
  | { name: string; kind: 'fixed'; size: number; ebcdic?: boolean }
  /** NUL-terminated strings up to the end of the output. */
  | { name: string; kind: 'cstrings' }
  /**
   * A 4-byte byte count, then NUL-terminated strings filling it (the C client's counted
   * character buffer: System_Information_Query's and System_Performance_Information_Query's
   * lines).
   */
  | { name: string; kind: 'cstringsCounted' }
  /** When the return code is not 0: the rest of the output as text (no length field). */
  | { name: string; kind: 'errorData' }
  | ArrayField;

/**
 * An array of structures. `size` says how its extent is given: a 4-byte byte length
 * (`bytes`), a 4-byte element count (`count`), or not at all: it runs to the end of the
 * output (`rest`, the C client's ARRAY_NO_LENGTH). `framed` structures each start with their
 * own 4-byte length (bytes beyond the known fields are skipped, as a newer server may add
 * fields); unframed ones are just their fields one after another.
 */
export interface ArrayField {
  name: string;
  kind: 'array';
  size: 'bytes' | 'count' | 'rest';
  framed: boolean;
  fields: readonly OutputField[];
}

export interface FunctionLayout {
  /**
   * `standard`: total length, function name, authenticated userid, password and target
   * identifier, each length-prefixed. `short` (System_Info_Query): total length, a 0xFF
   * byte and the NUL-terminated function name, nothing else.
   */
  header: 'standard' | 'short';
  input: readonly InputField[];
  output: readonly OutputField[];
}

/** Values of input parameters by field name. */
export type InputValue = string | number | readonly string[];
export type InputValues = Readonly<Record<string, InputValue>>;

/** Decoded output: numbers, bigints, text, lists of text and arrays of structures. */
export type OutputValue = number | bigint | string | string[] | OutputRecord[];
export interface OutputRecord {
  [field: string]: OutputValue;
}
