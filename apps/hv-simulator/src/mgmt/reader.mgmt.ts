import { createWriteStream, renameSync, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MgmtReply, PunchReply, QueryReaderReply } from '#hypervisor';
import { MANAGEMENT_GUEST, type HypervisorState } from '../state/hypervisor.state.js';
import type { SpoolFileRecord } from '../state/state.types.js';
import { purgeOwnFile } from './own-reader.mgmt.js';
import { arg, mgmtFail, notInDirectory, RC, useridArg, type MgmtQuery } from './mgmt.reply.js';

/** Who punches: the management guest (CP QUERY USERID answers it too). */
const ORIGIN = MANAGEMENT_GUEST;
/** vmur punches 80-byte card records. */
const RECORD = 80;

const id4 = (id: number): string => String(id).padStart(4, '0');
const records = (size: number): string => String(Math.ceil(size / RECORD)).padStart(4, '0');

/**
 * punch: the file goes to the user's virtual reader as one spool file (vmur punch to our own
 * reader, CHANGE class, TRANSFER to the user). It is kept only once all of it arrived. A user
 * need not be logged on; one that is not in the directory gets nothing.
 */
export async function punchFile(
  state: HypervisorState,
  q: MgmtQuery,
  body: Readable,
): Promise<PunchReply> {
  const userid = useridArg(q);
  const spoolClass = (typeof q.class === 'string' && q.class !== '' ? q.class : 'X').toUpperCase();
  if (!/^[A-Z0-9]$/.test(spoolClass)) throw mgmtFail(RC.USAGE, `Invalid class: ${spoolClass}.`);
  const name = arg(q, 'name');
  if (name.length > 64 || /\s/.test(name)) throw mgmtFail(RC.USAGE, `Invalid file name: ${name}.`);
  if (!state.user(userid)) throw notInDirectory(userid);

  const tmp = state.files.tempPath(state.files.spoolPath(userid, 0));
  try {
    await pipeline(body, createWriteStream(tmp));
    const user = state.user(userid); // it may have gone while the file arrived
    if (!user) throw notInDirectory(userid);
    const spoolId = state.nextSpoolId();
    if (spoolId === undefined)
      throw mgmtFail(RC.FAILED, 'No spool file id is free (all 9999 in use).');
    const size = statSync(tmp).size;
    renameSync(tmp, state.files.spoolPath(userid, spoolId));
    const time = new Date(state.clock()).toISOString();
    user.reader.push({ spoolId, spoolClass, name, size, time });
    state.changed();
    const id = id4(spoolId);
    return {
      rc: 0,
      lines: [
        `RDR FILE ${id} SENT FROM ${ORIGIN} PUN WAS ${id} RECS ${records(size)} CPY  001 ` +
          `${spoolClass} NOHOLD NOKEEP`,
      ],
      spoolId,
    };
  } finally {
    state.files.remove(tmp);
  }
}

/**
 * purge: removes one spool file (by id) from the user's reader; without a userid, from the
 * management guest's own (CP PURGE RDR id).
 */
export function purgeReaderFile(state: HypervisorState, q: MgmtQuery): MgmtReply {
  if (q.userid === undefined) return purgeOwnFile(state, q);
  const userid = useridArg(q);
  const raw = arg(q, 'spoolid');
  if (!/^\d{1,4}$/.test(raw)) throw mgmtFail(RC.USAGE, `Invalid spoolid: ${raw}.`);
  const user = state.user(userid);
  if (!user) throw notInDirectory(userid);
  const at = user.reader.findIndex((f) => f.spoolId === Number(raw));
  if (at < 0) {
    throw mgmtFail(RC.FAILED, `HCP042E User ${userid} spoolid ${id4(Number(raw))} does not exist`);
  }
  const [gone] = user.reader.splice(at, 1) as [SpoolFileRecord];
  state.files.remove(state.files.spoolPath(userid, gone.spoolId));
  state.changed();
  return { rc: 0, lines: ['0000001 FILE PURGED'] };
}

/** queryrdr: the user's reader (QUERY RDR userid ALL), as lines and as records. */
export function queryReader(state: HypervisorState, q: MgmtQuery): QueryReaderReply {
  const userid = useridArg(q);
  const user = state.user(userid);
  if (!user) throw notInDirectory(userid);
  const files = user.reader.map((f) => ({ ...f }));
  const lines =
    files.length === 0
      ? ['NO RDR FILES']
      : [
          'ORIGINID FILE CLASS RECORDS  CPY HOLD DATE  TIME     NAME',
          ...files.map(
            (f) =>
              `${ORIGIN} ${id4(f.spoolId)} ${f.spoolClass} PUN ${records(f.size).padStart(8, '0')} ` +
              `001 NONE ${f.time.slice(5, 10).replace('-', '/')} ${f.time.slice(11, 19)} ${f.name}`,
          ),
        ];
  return { rc: 0, lines, files };
}
