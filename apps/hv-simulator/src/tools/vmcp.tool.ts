import { bare, cpCall, mgmtCall, print, type ToolReply } from './tool.http.js';
import { toolIo } from './tool.io.js';

/** vmcp's exit statuses (s390-tools): 1 CP rc≠0, 4 bad options. */
const CP_ERROR = 1;
const OPTION_ERROR = 4;

const is = (word: string | undefined, full: string, min: number): boolean =>
  !!word && word.length >= min && full.startsWith(word);

/** CP's return code from its message (HCPxxx042E → 42), as CP sets it. */
function cpRc(lines: string[]): number {
  const m = /HCP\w*?(\d{3})E/.exec(lines.join(' '));
  return m ? Number(m[1]) : CP_ERROR;
}

/**
 * CP's reader commands that the simulator keeps as management operations (so its call log
 * names them alike over both transports): `PURGE userid RDR id`, `PURGE RDR id` (the own
 * reader), `QUERY RDR userid ALL`.
 */
async function readerCommand(words: string[]): Promise<ToolReply | undefined> {
  const [verb, a, b, c] = words;
  if (is(verb, 'PURGE', 5) && is(a, 'RDR', 3) && b && words.length === 3) {
    const r = await mgmtCall('vmcp', 'purge', { spoolid: b });
    return r.rc === 0 ? r : { rc: cpRc(r.lines), lines: bare(r.lines) };
  }
  if (is(verb, 'PURGE', 5) && is(b, 'RDR', 3) && a && c && words.length === 4) {
    const r = await mgmtCall('vmcp', 'purge', { userid: a, spoolid: c });
    return r.rc === 0 ? r : { rc: cpRc(r.lines), lines: bare(r.lines) };
  }
  if (is(verb, 'QUERY', 1) && is(a, 'RDR', 3) && b && is(c, 'ALL', 3) && words.length === 4) {
    const r = await mgmtCall('vmcp', 'queryrdr', { userid: b });
    return r.rc === 0 ? r : { rc: cpRc(r.lines), lines: bare(r.lines) };
  }
  return undefined;
}

/**
 * `vmcp <CP command words>`: CP's response on stdout; a non-zero CP return code exits 1 with
 * `Error: non-zero CP response for command '…': #rc` on stderr, as the real vmcp does.
 */
export async function vmcp(args: string[]): Promise<number> {
  if (args.length === 0 || args[0].startsWith('-')) {
    toolIo().stderr('vmcp: a CP command is required (options are not simulated)\n');
    return OPTION_ERROR;
  }
  const command = args.join(' ');
  const words = command.toUpperCase().split(/\s+/).filter(Boolean);
  const r = (await readerCommand(words)) ?? (await cpCall('vmcp', command));
  print('stdout', r.lines);
  if (r.rc === 0) return 0;
  toolIo().stderr(`Error: non-zero CP response for command '${words.join(' ')}': #${r.rc}\n`);
  return CP_ERROR;
}
