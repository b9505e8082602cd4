/** A buffer that does not match its function's layout (truncated, oversized, wrong type). */
export class SmapiCodecError extends Error {
  override readonly name = 'SmapiCodecError';
}
