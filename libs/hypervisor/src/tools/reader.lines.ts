import type { ReaderFile, ReaderListFile } from '../mgmt.protocol.js';

/** vmur and CP count a punched file in 80-byte card records. */
const RECORD_BYTES = 80;

/**
 * One file line of CP `QUERY RDR userid ALL`:
 * `ORIGINID FILE CLASS RECORDS CPY HOLD DATE TIME NAME…` (e.g.
 * `HVSIMMGR 0012 X PUN 00000003 001 NONE 11/25 21:51:25 cfgdrive.tgz`).
 */
const FILE_LINE =
  /^(\S+)\s+(\d{1,4})\s+(\S)\s+\S+\s+(\d+)\s+\d+\s+\S+\s+(\d\d)\/(\d\d)\s+(\d\d:\d\d:\d\d)\s*(.*)$/;

/**
 * The reader's files from CP's lines. CP shows no year and whole seconds: the year is the
 * latest that does not put the file in the future (`now` is the management guest's clock),
 * and the time is the end of its second, so a file punched in the second a step began counts
 * as punched since then. CP prints the system's local time; the management guest is expected
 * to run in UTC like the hypervisor's TOD clock (README, real hypervisor).
 */
export function parseReaderLines(lines: readonly string[], now = new Date()): ReaderFile[] {
  const files: ReaderFile[] = [];
  for (const line of lines) {
    const m = FILE_LINE.exec(line.trim());
    if (!m) continue; // the heading, NO RDR FILES
    const [, , id, spoolClass, records, month, day, time, name] = m;
    let year = now.getUTCFullYear();
    const at = (y: number): string => `${y}-${month}-${day}T${time}.999Z`;
    if (Date.parse(at(year)) > now.getTime() + 86_400_000) year -= 1;
    files.push({
      spoolId: Number(id),
      spoolClass,
      name: name.trim(),
      size: Number(records) * RECORD_BYTES,
      time: at(year),
    });
  }
  return files;
}

/** The spool id of a reader file, as CP and vmur take it: 1–4 digits. */
export const SPOOL_ID = /^\d{1,4}$/;

/**
 * The files of `vmur list` (the management guest's own reader): columns ORIGINID FILE CLASS
 * RECORDS CPY HOLD DATE TIME NAME TYPE DIST, the CLASS column being the class and the
 * spooling device (`T CON` a console). Read word by word as the reference does
 * (smtLayer getVM.getConsole); the heading and `NO RDR FILES` have no spool id.
 */
export function parseReaderList(lines: readonly string[]): ReaderListFile[] {
  const files: ReaderListFile[] = [];
  for (const line of lines) {
    const [origin, id, spoolClass, type] = line.trim().split(/\s+/);
    if (!type || !SPOOL_ID.test(id) || spoolClass.length !== 1) continue;
    files.push({ origin, spoolId: Number(id), spoolClass, type });
  }
  return files;
}
