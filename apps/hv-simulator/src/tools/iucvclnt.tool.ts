import { mgmtCall, print } from './tool.http.js';
import { toolIo } from './tool.io.js';

/** iucvclnt's exit statuses (zthin include/IUCV/iucvclient.h). */
const EXIT = { UNAUTHORIZED: 1, USAGE: 2, SOCKET: 4, CMD_EXEC: 8 } as const;

/**
 * `iucvclnt userid command`: runs the command in the guest over IUCV. The simulator's answer
 * becomes the client's exit status: not authorised 1, a usage error 2, the guest not
 * reachable 4 (the IUCV socket), the command failed 8.
 */
export async function iucvclnt(args: string[]): Promise<number> {
  const [userid, cmd] = args;
  if (!userid || cmd === undefined || args.length !== 2) {
    toolIo().stderr('Usage: iucvclnt userid command\n');
    return EXIT.USAGE;
  }
  const r = await mgmtCall('iucvclnt', 'execcmd', { userid, cmd });
  print(r.rc === 0 ? 'stdout' : 'stderr', r.lines);
  if (r.rc === 0) return 0;
  const text = r.lines.join(' ');
  if (r.rc === 1) return EXIT.USAGE;
  if (/UNAUTHORIZED/.test(text)) return EXIT.UNAUTHORIZED;
  if (/not reachable|HCP053E/.test(text)) return EXIT.SOCKET;
  return EXIT.CMD_EXEC;
}
