import { InvalidCursorError } from './errors.js';

/** Position after the last row of a page, in the listing's (createdAt desc, id desc) order. */
export interface CursorPosition {
  createdAt: Date;
  id: string;
}

// Opaque to callers (base64url JSON), so the listing order can change without an API change.
export function encodeCursor(pos: CursorPosition): string {
  return Buffer.from(JSON.stringify([pos.createdAt.getTime(), pos.id])).toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!Array.isArray(v) || v.length !== 2) throw new InvalidCursorError();
  const [ms, id] = v as unknown[];
  if (!Number.isSafeInteger(ms) || typeof id !== 'string') throw new InvalidCursorError();
  return { createdAt: new Date(ms as number), id };
}
