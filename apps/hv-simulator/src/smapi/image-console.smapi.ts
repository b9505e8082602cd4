import { renameSync, writeFileSync } from 'node:fs';
import { MANAGEMENT_GUEST } from '../state/hypervisor.state.js';
import { CODES, fail } from '../smapi-kit/smapi.codes.js';
import { OK, type SmapiHandler } from '../smapi-kit/smapi.context.js';

/**
 * Image_Console_Get: CP closes the guest's console spool file and transfers it to the caller's
 * (the management guest's) reader: class T, device CON, origin and name the guest. A logged-on
 * guest spools afresh; the console of a logged-off guest's last logon goes once. 8/8 when there
 * is nothing to take: no such guest, not spooling, or no output since the last one was taken.
 */
export const imageConsoleGet: SmapiHandler = (ctx, target) => {
  const u = ctx.state.user(target);
  if (!u?.console?.length) throw fail(CODES.CONSOLE_NOT_AVAILABLE, target);
  const spoolId = ctx.state.nextSpoolId();
  if (spoolId === undefined) throw fail(CODES.CONSOLE_NOT_AVAILABLE, `${target}: no spool id free`);
  const text = `${u.console.join('\n')}\n`;
  const path = ctx.state.files.spoolPath(MANAGEMENT_GUEST, spoolId);
  const tmp = ctx.state.files.tempPath(path);
  writeFileSync(tmp, text);
  renameSync(tmp, path);
  ctx.state.managementReader().push({
    spoolId,
    spoolClass: 'T',
    name: target,
    size: Buffer.byteLength(text),
    time: new Date(ctx.state.clock()).toISOString(),
    origin: target,
    type: 'CON',
  });
  // a logged-on guest spools afresh; a logged-off one spools nothing until it logs on again
  if (u.loggedOn) u.console = [];
  else delete u.console;
  ctx.state.changed();
  return OK;
};
