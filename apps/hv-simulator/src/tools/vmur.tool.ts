import { bare, mgmtCall, print } from './tool.http.js';

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

/**
 * `vmur punch -r -u userid -N name file`: the file to the user's reader, class X (the class
 * the simulated management guest's punch is spooled with). Exit 1 with vmur's message when
 * CP refuses.
 */
export async function vmur(args: string[]): Promise<number> {
  if (args[0] !== 'punch' && args[0] !== 'pun') {
    process.stderr.write(`vmur: only punch is simulated\n`);
    return 1;
  }
  const o = punchOptions(args.slice(1));
  if (typeof o === 'string') {
    process.stderr.write(`vmur: ${o}\n`);
    return 1;
  }
  const r = await mgmtCall(
    'vmur',
    'punch',
    { userid: o.userid, class: 'X', name: o.name },
    { input: o.file },
  );
  if (r.rc !== 0) {
    print(
      process.stderr,
      bare(r.lines).map((l) => `vmur: ${l}`),
    );
    return 1;
  }
  const id = String(r.spoolId ?? 0).padStart(4, '0');
  process.stdout.write(`Reader file with spoolid ${id} created and transferred to ${o.userid}.\n`);
  return 0;
}
