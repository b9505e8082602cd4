/** The spec's response envelope (interface §2.1); every JSON response has this shape. */
export interface Envelope<T = unknown> {
  overallRC: number;
  rc: number;
  rs: number;
  errmsg: string;
  /** Module id: an integer, or null on success (the spec). */
  modID: number | null;
  output: T | '';
}

/** A success envelope; a missing output becomes "" as in the reference. */
export function ok<T>(output?: T): Envelope<T> {
  return { overallRC: 0, rc: 0, rs: 0, errmsg: '', modID: null, output: output ?? '' };
}

export function isEnvelope(value: unknown): value is Envelope {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.overallRC === 'number' &&
    typeof v.rc === 'number' &&
    typeof v.rs === 'number' &&
    typeof v.errmsg === 'string' &&
    'output' in v
  );
}
