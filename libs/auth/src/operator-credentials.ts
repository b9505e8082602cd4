import type { IncomingHttpHeaders } from 'node:http';
import type { TokenService } from './token.service.js';

/**
 * Who a request to an operator page (dashboard, the api's and workers' metrics) is, by its credentials: `admin` for
 * HTTP basic auth whose password (any user name) is the admin token, a token's subject for a
 * valid X-Auth-Token; null without either. Checked even with AUTH=none: these pages show every
 * operation and the dashboard can retry and remove jobs.
 */
export async function operatorOf(
  headers: IncomingHttpHeaders,
  tokens: TokenService,
): Promise<string | null> {
  const auth = headers.authorization;
  if (auth?.startsWith('Basic ')) {
    const decoded = Buffer.from(auth.slice(6), 'base64').toString('utf8');
    const password = decoded.slice(decoded.indexOf(':') + 1);
    if (tokens.isAdminToken(password)) return 'admin';
  }
  const token = headers['x-auth-token'];
  return typeof token === 'string' && (await tokens.verify(token)) ? tokens.subjectOf(token) : null;
}
