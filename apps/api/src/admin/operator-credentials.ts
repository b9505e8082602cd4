import type { IncomingHttpHeaders } from 'node:http';
import type { TokenService } from '#auth';

/**
 * Whether a request to an operator page (dashboard, metrics) carries credentials: HTTP basic
 * auth whose password (any user name) is the admin token, or a valid X-Auth-Token. Checked even
 * with AUTH=none: these pages show every operation and the dashboard can retry and remove jobs.
 */
export async function hasOperatorCredentials(
  headers: IncomingHttpHeaders,
  tokens: TokenService,
): Promise<boolean> {
  const auth = headers.authorization;
  if (auth?.startsWith('Basic ')) {
    const decoded = Buffer.from(auth.slice(6), 'base64').toString('utf8');
    const password = decoded.slice(decoded.indexOf(':') + 1);
    if (tokens.isAdminToken(password)) return true;
  }
  const token = headers['x-auth-token'];
  return typeof token === 'string' && (await tokens.verify(token));
}
