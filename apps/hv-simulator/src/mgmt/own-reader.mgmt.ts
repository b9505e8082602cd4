import { readFileSync } from 'node:fs';
import type { MgmtReply, ReaderListReply, ReaderReceiveReply } from '#hypervisor';
import { MANAGEMENT_GUEST, type HypervisorState } from '../state/hypervisor.state.js';
import type { SpoolFileRecord } from '../state/state.types.js';
import { arg, mgmtFail, RC, type MgmtQuery } from './mgmt.reply.js';

const id4 = (id: number): string => String(id).padStart(4, '0');

/** A spool id argument: 1–4 digits, as CP and vmur take it. */
function spoolIdArg(q: MgmtQuery): number {
  const raw = arg(q, 'spoolid');
  if (!/^\d{1,4}$/.test(raw)) throw mgmtFail(RC.USAGE, `Invalid spoolid: ${raw}.`);
  return Number(raw);
}

/** The file of the management guest's reader, or CP's HCP042E. */
function ownFile(state: HypervisorState, spoolId: number): SpoolFileRecord {
  const f = state.managementReader().find((r) => r.spoolId === spoolId);
  if (!f) throw mgmtFail(RC.FAILED, `HCP042E Spool file ${id4(spoolId)} does not exist`);
  return f;
}

/** One line as `vmur list` prints it (CP QUERY RDR * ALL), CLASS being class and device. */
function listLine(f: SpoolFileRecord, records: number): string {
  const origin = (f.origin ?? MANAGEMENT_GUEST).padEnd(8);
  const type = f.type ?? 'PUN';
  const when = `${f.time.slice(5, 10).replace('-', '/')} ${f.time.slice(11, 19)}`;
  const name = f.name.padEnd(8);
  const fileType = type === 'CON' ? 'CONSOLE' : '';
  return (
    `${origin} ${id4(f.spoolId)} ${f.spoolClass} ${type} ${String(records).padStart(8, '0')} ` +
    `001 NONE ${when} ${name} ${fileType.padEnd(8)} ${f.origin ?? MANAGEMENT_GUEST}`
  ).trimEnd();
}

/** The text of a spool file as vmur -t gives it: its lines. */
function textOf(state: HypervisorState, f: SpoolFileRecord): string[] {
  const text = readFileSync(state.files.spoolPath(MANAGEMENT_GUEST, f.spoolId), 'utf8');
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** rdrlist: the management guest's own reader (`vmur list`), as lines and as records. */
export function listOwnReader(state: HypervisorState): ReaderListReply {
  const own = state.managementReader();
  if (own.length === 0) return { rc: 0, lines: ['NO RDR FILES'], files: [] };
  return {
    rc: 0,
    lines: [
      'ORIGINID FILE CLASS RECORDS  CPY HOLD DATE  TIME     NAME      TYPE     DIST',
      ...own.map((f) => listLine(f, f.type === 'CON' ? textOf(state, f).length : 1)),
    ],
    files: own.map((f) => ({
      origin: f.origin ?? MANAGEMENT_GUEST,
      spoolId: f.spoolId,
      spoolClass: f.spoolClass,
      type: f.type ?? 'PUN',
    })),
  };
}

/**
 * rdrreceive `{spoolid}`: a file of the management guest's own reader as text lines, held in
 * the reader (vmur receive -H -t -O): it goes with purge.
 */
export function receiveOwnFile(state: HypervisorState, q: MgmtQuery): ReaderReceiveReply {
  return { rc: 0, lines: textOf(state, ownFile(state, spoolIdArg(q))) };
}

/** purge `{spoolid}` without a userid: CP PURGE RDR id, from the management guest's reader. */
export function purgeOwnFile(state: HypervisorState, q: MgmtQuery): MgmtReply {
  const f = ownFile(state, spoolIdArg(q));
  const own = state.managementReader();
  own.splice(own.indexOf(f), 1);
  state.files.remove(state.files.spoolPath(MANAGEMENT_GUEST, f.spoolId));
  state.changed();
  return { rc: 0, lines: ['0000001 FILE PURGED'] };
}
