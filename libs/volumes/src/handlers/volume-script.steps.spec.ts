import { HvError, ModID, toUserid } from '#envelope';
import type { ManagementGuestOps, ReaderFile } from '#hypervisor';
import type { VolumeConnectionPayload } from '#jobs';
import { applyVolumeScript, reverseVolumeScript } from './volume-script.steps.js';

/** A management-guest failure as the client raises it (SMT 3 / 415, rc = the command's). */
const mgmtError = (text: string) =>
  new HvError(3, 415, 3, ModID.SMT, `execcmd failed rc 3: ${text}`);

/** A fake hypervisor: a reader, and a guest answering commands from a table. */
function fakeHv(answers: Record<string, string[] | Error>) {
  const reader: ReaderFile[] = [];
  const calls: string[] = [];
  let spool = 0;
  const hv = {
    punchFile: (_u: string, _b: unknown, o: { name: string }) => {
      reader.push({ spoolId: ++spool, spoolClass: 'X', name: o.name, size: 1, time: '' });
      calls.push(`punch ${o.name}`);
      return Promise.resolve(spool);
    },
    readerFiles: () => Promise.resolve([...reader]),
    purgeReaderFile: (_u: string, id: number) => {
      calls.push(`purge ${reader.find((f) => f.spoolId === id)?.name}`);
      reader.splice(
        reader.findIndex((f) => f.spoolId === id),
        1,
      );
      return Promise.resolve();
    },
    execInGuest: (_u: string, cmd: string) => {
      calls.push(cmd);
      const a = answers[cmd] ?? [];
      if (a instanceof Error) return Promise.reject(a);
      if (cmd.startsWith('systemctl start')) reader.length = 0; // the service takes the files
      return Promise.resolve(a);
    },
  };
  return { hv: hv as unknown as ManagementGuestOps, reader, calls };
}

const c: VolumeConnectionPayload = {
  assignerId: toUserid('G1'),
  fcps: ['1a00'],
  targetWwpns: ['0x5005076802100c1a'],
  targetLun: '0x0001000000000000',
  osVersion: 'rhel9.0',
  multipath: true,
  isRootVolume: false,
  updateConnectionsOnly: false,
  doRollback: true,
};

describe('volume script steps', () => {
  it('leaves the script for the next boot when the guest does not answer', async () => {
    const f = fakeHv({ pwd: mgmtError('IUCV connection to G1 failed: not reachable') });
    await applyVolumeScript(f.hv, c, 'attach', 1);
    expect(f.reader.map((r) => r.name)).toEqual(['atvol.sh']);
    // undo: the waiting script is purged, nothing runs
    await reverseVolumeScript(f.hv, c, 'attach', 1);
    expect(f.reader).toEqual([]);
    expect(f.calls).toEqual(['punch atvol.sh', 'pwd', 'purge atvol.sh']);
  });

  it('refused IUCV is volume rs 6 and the script does not linger', async () => {
    const f = fakeHv({ pwd: mgmtError('UNAUTHORIZED_ERROR: G1 does not authorise this client') });
    await expect(applyVolumeScript(f.hv, c, 'detach', 0)).rejects.toMatchObject({
      overallRC: 300,
      rs: 6,
      modID: ModID.VOLUME,
    });
    expect(f.reader).toEqual([]);
  });

  it('a failed run is rs 8/9 naming the exit status, or the service error without one', async () => {
    const start = 'systemctl start zvmguestconfigure.service';
    const status = 'systemctl status zvmguestconfigure.service';
    const failed = fakeHv({
      [start]: mgmtError('Job for zvmguestconfigure.service failed'),
      [status]: [' Main PID: 7 (code=exited, status=4/FAILURE)'],
    });
    await expect(applyVolumeScript(failed.hv, c, 'attach', 1)).rejects.toMatchObject({
      rs: 8,
      message: expect.stringContaining('exited with 4: the volume is not visible in the guest'),
    });
    const noStatus = fakeHv({ [start]: mgmtError('timed out'), [status]: [] });
    await expect(applyVolumeScript(noStatus.hv, c, 'detach', 0)).rejects.toMatchObject({
      rs: 9,
      message: expect.stringContaining('the configuration service failed'),
    });
  });

  it('undoing a script the guest ran applies the opposite one', async () => {
    const f = fakeHv({});
    await applyVolumeScript(f.hv, c, 'detach', 0);
    await reverseVolumeScript(f.hv, c, 'detach', 0);
    expect(f.calls.filter((x) => x.startsWith('punch'))).toEqual([
      'punch devol.sh',
      'punch atvol.sh',
    ]);
    expect(f.reader).toEqual([]);
  });
});
