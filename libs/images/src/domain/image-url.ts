/** Where an image comes from or goes to, decided from `url` + `remote_host` (spec §4.9). */
export type ImageLocation =
  | { kind: 'file'; path: string }
  | { kind: 'http'; url: URL }
  | { kind: 'remote'; host: string; path: string };

/** The reference's url pattern (validation/parameter_types.py `url`). */
export const IMAGE_URL = /^https?:\/{2}|^file:\/{3}\w.+$/;

/**
 * Paths we hand to scp on a remote host. scp may pass them through the remote shell, so only
 * plain absolute paths are accepted: no blanks, quotes, `;`, `$`, backticks or globs.
 */
const REMOTE_PATH = /^\/[\w.+@%=,:/-]+$/;

/**
 * `http://user:pass@host/x` → `http://***@host/x`: the form of a URL that may be stored, shown
 * and logged. A string the URL parser refuses is redacted as written.
 */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url;
    u.username = '***';
    u.password = '';
    return u.href;
  } catch {
    return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1***@');
  }
}

/** A URL's `user:password` (percent-encoded, as written), or null when it has none. */
export function urlCredentials(url: URL): string | null {
  return url.username || url.password ? `${url.username}:${url.password}` : null;
}

/** `file:///a/b` → `/a/b` (taken as written, like the reference's urlparse path). */
function filePath(url: string): string | null {
  return url.startsWith('file://') ? url.slice('file://'.length) : null;
}

/**
 * An import source: http(s) (remote_host is ignored, as the reference does), a local file, or
 * a file on remote_host. Returns a reason string when the URL cannot be used.
 */
export function importSource(url: string, remoteHost?: string): ImageLocation | string {
  if (/^https?:\/\//i.test(url)) {
    try {
      return { kind: 'http', url: new URL(url) };
    } catch {
      return 'it is not a valid http(s) URL';
    }
  }
  return fileLocation(url, remoteHost);
}

type FileLocation = Exclude<ImageLocation, { kind: 'http' }>;

/** An export destination: a local file or a file on remote_host (no http). */
export function exportDestination(url: string, remoteHost?: string): FileLocation | string {
  if (/^https?:\/\//i.test(url)) return 'images can be exported to file:// locations only';
  return fileLocation(url, remoteHost);
}

function fileLocation(url: string, remoteHost?: string): FileLocation | string {
  const path = filePath(url);
  if (!path?.startsWith('/')) return 'it must be a file:///<path> URL';
  if (!remoteHost) return { kind: 'file', path };
  if (!REMOTE_PATH.test(path) || path.split('/').includes('..')) {
    return 'a path on a remote host must be absolute, without blanks, quotes or shell characters';
  }
  return { kind: 'remote', host: remoteHost, path };
}
