import { readFileSync } from 'node:fs';
import type { HypervisorState } from '../state/hypervisor.state.js';
import type { UserRecord } from '../state/state.types.js';
import type { ConfigScript } from '../state/guest-config.types.js';
import { CONFIG_SCRIPTS } from './config-script.js';

/** Class of the spool files the reference punches for the guest's configuration service. */
export const CONFIG_CLASS = 'X';

/**
 * One run of the guest's configuration service: receives the recognised class-X files from the
 * reader, oldest first, and applies each; stops at the first that fails. Runs at every boot of
 * an OS and when started over IUCV (`systemctl start zvmguestconfigure.service`). Records the
 * exit status, which `systemctl status` reports, and returns it.
 */
export function runGuestConfigure(
  state: HypervisorState,
  u: UserRecord,
  scripts: ReadonlyArray<readonly [RegExp, ConfigScript]> = CONFIG_SCRIPTS,
): number {
  let status = 0;
  for (const f of [...u.reader]) {
    if (f.spoolClass !== CONFIG_CLASS) continue;
    const script = scripts.find(([re]) => re.test(f.name))?.[1];
    if (!script) continue;
    const path = state.files.spoolPath(u.userid, f.spoolId);
    let content = '';
    try {
      content = readFileSync(path, 'latin1');
    } catch {
      // a spool file without bytes applies as empty
    }
    u.reader = u.reader.filter((r) => r.spoolId !== f.spoolId);
    state.files.remove(path);
    status = script(state, u, { name: f.name, content });
    if (status !== 0) break;
  }
  u.configure = { status, pid: 1000 + Math.floor(state.clock() % 30000) };
  state.changed();
  return status;
}

/** `systemctl status zvmguestconfigure.service` as the reference parses it (`status=N`). */
export function configureStatusLines(u: UserRecord): string[] {
  const c = u.configure;
  if (!c) return ['● zvmguestconfigure.service', '   Active: inactive (dead)'];
  const result = c.status === 0 ? 'SUCCESS' : 'FAILURE';
  return [
    '● zvmguestconfigure.service - Activation of the guest configuration',
    `   Active: ${c.status === 0 ? 'inactive (dead)' : 'failed (Result: exit-code)'}`,
    ` Main PID: ${c.pid} (code=exited, status=${c.status}/${result})`,
  ];
}
