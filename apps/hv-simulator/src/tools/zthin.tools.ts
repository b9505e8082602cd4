import { mgmtCall, print } from './tool.http.js';
import { toolIo } from './tool.io.js';

const USAGE = 1;

/** The script's lines: progress on stdout, `ERROR:`/`Exit MSG:` lines on stderr. */
function printReply(lines: string[]): void {
  print(
    'stdout',
    lines.filter((l) => !/^(ERROR|Exit MSG)/.test(l)),
  );
  print(
    'stderr',
    lines.filter((l) => /^(ERROR|Exit MSG)/.test(l)),
  );
}

/** `unpackdiskimage userid vdev imagefile`: exit 0 deployed, 1 usage, 3 failed. */
export async function unpackdiskimage(args: string[]): Promise<number> {
  const [userid, vdev, file] = args;
  if (!userid || !vdev || !file || args.length !== 3) {
    toolIo().stderr('ERROR: Usage: unpackdiskimage userid vdev imagefile\n');
    return USAGE;
  }
  const r = await mgmtCall('unpackdiskimage', 'unpackdiskimage', { userid, vdev }, { input: file });
  printReply(r.lines);
  return r.rc;
}

/** `creatediskimage userid vdev imagefile [--compression n]`: exit 0 written, 1 usage, 3 failed. */
export async function creatediskimage(args: string[]): Promise<number> {
  const at = args.indexOf('--compression');
  const compression = at >= 0 ? args[at + 1] : undefined;
  const positional = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args;
  const [userid, vdev, file] = positional;
  if (!userid || !vdev || !file || positional.length !== 3 || (at >= 0 && !compression)) {
    toolIo().stderr('ERROR: Usage: creatediskimage userid vdev imagefile [--compression n]\n');
    return USAGE;
  }
  const q = { userid, vdev, ...(compression === undefined ? {} : { compression }) };
  const r = await mgmtCall('creatediskimage', 'creatediskimage', q, { output: file });
  printReply(r.lines);
  return r.rc;
}

/** `refresh_bootmap --name=value…`: the simulator's exit status and lines. */
export async function refreshBootmap(args: string[]): Promise<number> {
  const q: Record<string, string> = {};
  for (const a of args) {
    const m = /^--([a-z]+)=(.*)$/.exec(a);
    if (!m) {
      toolIo().stderr(`ERROR: unknown argument ${a}\n`);
      return USAGE;
    }
    q[m[1]] = m[2];
  }
  const r = await mgmtCall('refresh_bootmap', 'refresh_bootmap', q);
  printReply(r.lines);
  return r.rc;
}
