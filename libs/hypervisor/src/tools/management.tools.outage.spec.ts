import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { HvError, HvNotReached } from '#envelope';
import { ManagementTools } from './management.tools.js';

/**
 * Issue #58 over the wire transport: how a tool's end tells a refusal (a failure) from a call
 * an outage cut (in doubt: rc 99 rs 305, which the operations read back) and from one that
 * never reached the hypervisor (HvNotReached: known not done).
 */
let dir: string;
let staging: string;
const tool = (name: string, body: string): void =>
  writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
const tools = () =>
  new ManagementTools({ dir, timeoutMs: 5000, longTimeoutMs: 5000, tmpDir: staging });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as HvError,
  );
const unpack = () =>
  tools().mgmt('unpackdiskimage', { userid: 'LINUX01', vdev: '0100' }, Readable.from(['img']));
const punch = () =>
  tools().mgmt('punch', { userid: 'LINUX01', name: 'card' }, Readable.from(['PUNCHED\n']));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mgmt-outage-'));
  staging = mkdtempSync(join(tmpdir(), 'mgmt-outage-staging-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(staging, { recursive: true, force: true });
});

describe('ManagementTools: a tool an outage cut is in doubt, not failed', () => {
  it.each([
    ['unpackdiskimage', unpack],
    ['vmur', punch],
  ])('%s killed mid-call: a link failure (rc 99 rs 305), not a refusal', async (name, run) => {
    tool(name, 'echo "Error: simulator answered HTTP (nothing)" >&2; kill -KILL $$');
    const e = await failure(run());
    expect(e).toBeInstanceOf(HvError);
    expect(e).not.toBeInstanceOf(HvNotReached);
    expect([e?.overallRC, e?.rc, e?.rs]).toEqual([99, 99, 305]);
  });

  it.each([
    ['unpackdiskimage', unpack],
    ['vmur', punch],
    ['vmcp', () => tools().cp('QUERY USERID')],
  ])('%s exit 75 (hypervisor not reached): HvNotReached, known not run', async (name, run) => {
    tool(name, 'echo "Error: simulator unreachable: no connection" >&2; exit 75');
    const e = await failure(run());
    expect(e).toBeInstanceOf(HvNotReached);
    expect([e?.rc, e?.rs]).toEqual([99, 305]);
  });

  it('unpackdiskimage refusing (exit 3, its ERROR lines): a failure, its reply rc 3', async () => {
    tool('unpackdiskimage', 'echo "ERROR: Unable to link 0100 of LINUX01" >&2; exit 3');
    await expect(unpack()).resolves.toEqual({
      rc: 3,
      lines: ['ERROR: Unable to link 0100 of LINUX01'],
    });
  });
});
