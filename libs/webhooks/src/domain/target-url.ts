import { HostPolicy } from '#images';

/** `url` with any `user:password@` shown as `***`, for answers and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url;
    u.username = '***';
    u.password = '';
    return u.href;
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//***@');
  }
}

/**
 * Why a webhook or Callback-URL target is refused before anything is sent, or null: it must
 * be an absolute http(s) URL without a fragment, whose host is not an address (or localhost)
 * the outbound policy refuses. Names are checked when a worker connects.
 */
export function targetProblem(url: string, policy: HostPolicy): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'It is not an absolute URL';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'Only http and https are sent to';
  if (u.hash) return 'A URL with a fragment is not sent to';
  if (url.length > 2048) return 'The URL is longer than 2048 characters';
  if (policy.refusesLiterally(u.hostname)) {
    return `The host is not one callbacks may be sent to (${policy.setting})`;
  }
  return null;
}
