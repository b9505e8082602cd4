import { bare, mgmtCall, print } from './tool.http.js';
import { toolIo } from './tool.io.js';

/** What `vmur punch` takes: `-r -u userid -N name file` (the options the service uses). */
function punchOptions(args: string[]): { userid: string; name: string; file: string } | string {
  let rdr = false;
  let userid = '';
  let name = '';
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-r' || a === '--rdr') rdr = true;
    else if (a === '-u' || a === '--user') userid = args[++i] ?? '';
    else if (a === '-N' || a === '--name') name = args[++i] ?? '';
    else if (a.startsWith('-')) return `unsupported option ${a}`;
    else rest.push(a);
  }
  if (!rdr || !userid || rest.length !== 1) return 'usage: vmur punch -r -u userid [-N name] file';
  return { userid, name: name || (rest[0].split('/').pop() ?? ''), file: rest[0] };
}

/** What `vmur receive` takes: `-t -O [-H] spoolid` (text to stdout, held or not). */
function receiveOptions(args: string[]): { spoolid: string; hold: boolean } | string {
  let text = false;
  let stdout = false;
  let hold = false;
  const rest: string[] = [];
  for (const a of args) {
    if (a === '-t' || a === '--text') text = true;
    else if (a === '-O' || a === '--stdout') stdout = true;
    else if (a === '-H' || a === '--hold') hold = true;
    else if (a.startsWith('-')) return `unsupported option ${a}`;
    else rest.push(a);
  }
  if (!text || !stdout || rest.length !== 1) return 'usage: vmur receive -t -O [-H] spoolid';
  if (!/^\d{1,4}$/.test(rest[0])) return `invalid spool ID ${rest[0]}`;
  return { spoolid: rest[0], hold };
}

/** Prints a failed operation's lines as vmur's messages: exit 1. */
function failed(lines: string[]): number {
  print(
    'stderr',
    bare(lines).map((l) => `vmur: ${l}`),
  );
  return 1;
}

/** `vmur list`: the management guest's own reader, as CP QUERY RDR * ALL shows it. */
async function list(args: string[]): Promise<number> {
  if (args.length > 0) {
    toolIo().stderr(`vmur: list: unsupported operand ${args[0]}\n`);
    return 1;
  }
  const r = await mgmtCall('vmur', 'rdrlist', {});
  if (r.rc !== 0) return failed(r.lines);
  print('stdout', r.lines);
  return 0;
}

/**
 * `vmur receive -t -O [-H] spoolid`: a file of the own reader as text on stdout; without -H
 * it is purged once received, as vmur does.
 */
async function receive(args: string[]): Promise<number> {
  const o = receiveOptions(args);
  if (typeof o === 'string') {
    toolIo().stderr(`vmur: ${o}\n`);
    return 1;
  }
  const r = await mgmtCall('vmur', 'rdrreceive', { spoolid: o.spoolid });
  if (r.rc !== 0) return failed(r.lines);
  print('stdout', r.lines);
  if (o.hold) return 0;
  const purged = await mgmtCall('vmur', 'purge', { spoolid: o.spoolid });
  return purged.rc === 0 ? 0 : failed(purged.lines);
}

/** `vmur punch -r -u userid -N name file`: see punchOptions. */
async function punch(args: string[]): Promise<number> {
  const o = punchOptions(args);
  if (typeof o === 'string') {
    toolIo().stderr(`vmur: ${o}\n`);
    return 1;
  }
  const r = await mgmtCall(
    'vmur',
    'punch',
    { userid: o.userid, class: 'X', name: o.name },
    { input: o.file },
  );
  if (r.rc !== 0) return failed(r.lines);
  const id = String(r.spoolId ?? 0).padStart(4, '0');
  toolIo().stdout(`Reader file with spoolid ${id} created and transferred to ${o.userid}.\n`);
  return 0;
}

/**
 * vmur as the service uses it: `punch -r -u userid -N name file` (to the user's reader, class
 * X, the class the simulated management guest's punch is spooled with), `list` and
 * `receive|re -t -O [-H] spoolid` (its own reader). Exit 1 with vmur's message when CP refuses
 * or an option is not simulated.
 */
export async function vmur(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'punch':
    case 'pun':
      return punch(rest);
    case 'list':
    case 'li':
      return list(rest);
    case 'receive':
    case 're':
      return receive(rest);
    default:
      toolIo().stderr(`vmur: ${command ?? '(none)'}: only punch, list and receive are simulated\n`);
      return 1;
  }
}
