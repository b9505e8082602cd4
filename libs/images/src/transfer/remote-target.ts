import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { type HostPolicy, remoteHostName } from '../domain/host-policy.js';

/** Where scp connects for a `user@host` remote_host, and the ssh options that go with it. */
export interface RemoteTarget {
  /** `user@host`, or `user@<checked address>` when the name had to be resolved. */
  login: string;
  sshOptions: string[];
}

/**
 * Applies the image import policy to a remote_host. A host IMAGE_IMPORT_HOSTS names, or an
 * allowed IP, is used as given. Any other name is resolved here, every address checked, and
 * scp is pointed at a checked address (it would otherwise resolve the name again, and could get
 * another answer); HostKeyAlias keeps the host key checked against the name. Rejects with the
 * cause, for the log.
 */
export async function remoteTarget(remoteHost: string, policy: HostPolicy): Promise<RemoteTarget> {
  const host = remoteHostName(remoteHost);
  const user = remoteHost.slice(0, remoteHost.length - host.length);
  if (isIP(host) || policy.listsName(host)) {
    if (policy.refusesLiterally(host)) {
      throw new Error(`${host} is an address IMAGE_IMPORT_HOSTS does not allow`);
    }
    return { login: remoteHost, sshOptions: [] };
  }
  const found = await lookup(host, { all: true });
  const refused = found.find((a) => !policy.allows(host, a.address));
  if (refused || !found.length) {
    const why = refused ? `resolves to ${refused.address}` : 'has no address';
    throw new Error(`${host} ${why}, which IMAGE_IMPORT_HOSTS does not allow`);
  }
  const address = found[0].family === 6 ? `[${found[0].address}]` : found[0].address;
  return { login: `${user}${address}`, sshOptions: ['-o', `HostKeyAlias=${host}`] };
}
