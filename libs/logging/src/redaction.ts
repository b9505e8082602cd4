/**
 * What is never written, whatever a caller passes: credentials in headers (should a request's
 * headers ever be logged) and in URLs. Request bodies are never given to a logger at all.
 */
export const REDACT_PATHS = [
  'headers["x-auth-token"]',
  'headers["x-admin-token"]',
  'headers.authorization',
  'headers.cookie',
  'req.headers["x-auth-token"]',
  'req.headers["x-admin-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
];

/** `scheme://user:password@host` → `scheme://***@host` (a user alone is left). */
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@:]*:[^\s/@]*@/gi;

/** Strips URL credentials from text that may quote a URL (a message, an error's text). */
export function stripUrlCredentials(text: string): string {
  // the common case (no `@` at all) costs one scan
  return text.includes('@') ? text.replace(URL_CREDENTIALS, '$1***@') : text;
}
