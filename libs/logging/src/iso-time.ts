let stampMs = 0;
let stamp = '';

/**
 * pino's ISO time field, made once per millisecond: at thousands of lines a second most lines
 * share their millisecond, and toISOString() was pino's single largest cost per request line.
 */
export function isoTime(): string {
  const now = Date.now();
  if (now !== stampMs) {
    stampMs = now;
    stamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return stamp;
}
