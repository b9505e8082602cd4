import type { UserRecord } from './state.types.js';

/** `COMMAND SP[OOL] CONS[OLE] * START`: the directory statement that spools the console. */
const SPOOL_CONSOLE = /^COMMAND\s+SP(O|OO|OOL)?\s+CONS(O|OL|OLE)?\s+\*\s+START\s*$/i;

/**
 * Called at logon: CP runs the directory's COMMAND statements, so the console is spooled from
 * now on only when one of them starts console spooling; otherwise nothing is kept, which is
 * why the service can return console output only for guests deployed with that statement.
 */
export function startConsole(u: UserRecord, systemId: string, now: Date): void {
  if (u.directory.some((l) => SPOOL_CONSOLE.test(l.trim()))) u.console = [];
  else delete u.console;
  writeConsole(u, `LOGON ${u.userid} AT ${systemId} ${now.toISOString()}`);
}

/** What the guest prints on its console; dropped unless the console is being spooled. */
export function writeConsole(u: UserRecord, ...lines: string[]): void {
  u.console?.push(...lines);
}

/** Console lines of an OS booting (what the distribution's kernel and init print). */
export function bootLines(os: { distro: string; kernel: string } | null | undefined): string[] {
  if (!os) return ['HCPGIR450W CP entered; disabled wait PSW 00020000 80000000 00000000 00000000'];
  return [
    `Linux version ${os.kernel || 'unknown'} (${os.distro})`,
    'Run /init as init process',
    `${os.distro} login:`,
  ];
}
