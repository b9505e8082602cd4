import { HvError, ModID } from '#envelope';
import type { MgmtReply } from './protocol.js';

/** SMT overallRC 3: a command on the management guest failed (rs = the command's rc). */
const LOCAL_COMMAND_FAILED = 3;
const RC = 415;

/**
 * The error for a management-guest command that ended with rc≠0. Its message carries the
 * command's `ERROR:` lines (all lines when there are none), which callers match on, e.g.
 * "not linked; not in CP directory" for a minidisk that does not exist.
 */
export function mgmtFailure(command: string, reply: MgmtReply): HvError {
  const errors = reply.lines.filter((l) => l.startsWith('ERROR'));
  const text = (errors.length > 0 ? errors : reply.lines).join(' ').trim();
  return new HvError(
    LOCAL_COMMAND_FAILED,
    RC,
    reply.rc,
    ModID.SMT,
    `${command} failed rc ${reply.rc}: ${text}`,
  );
}

/** True for a failed management-guest command (mgmtFailure). */
export function isMgmtFailure(err: unknown): err is HvError {
  return err instanceof HvError && err.overallRC === LOCAL_COMMAND_FAILED && err.rc === RC;
}
