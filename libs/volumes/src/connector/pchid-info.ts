import { VolumeErrors } from '../domain/volume-errors.js';
import type { PchidCapacity } from './fcp.allocator.js';

/**
 * The connector's `pchid_info` (`{"<PCHID>": {"max": n, "allocated": n}}`, an object or its
 * JSON text from the query string); undefined when not given. Anything else is a 400.
 */
export function parsePchidInfo(v: unknown): Record<string, PchidCapacity> | undefined {
  let value = v;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw VolumeErrors.badField('pchid_info', v, 'is not a dict');
    }
  }
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw VolumeErrors.badField('pchid_info', v, 'is not a dict');
  }
  const out: Record<string, PchidCapacity> = {};
  for (const [k, raw] of Object.entries(value as Record<string, unknown>)) {
    const c = (raw ?? {}) as Record<string, unknown>;
    out[k.toUpperCase()] = { max: Number(c.max ?? 0), allocated: Number(c.allocated ?? 0) };
  }
  return out;
}
