import { HvError, toUserid } from '#envelope';
import { HypervisorExchange } from './hypervisor.exchange.js';
import { ManagementGuestOps } from './management-guest.ops.js';
import type {
  CpReply,
  MgmtArgs,
  MgmtOperation,
  MgmtReply,
  ReaderListFile,
  SmapiReply,
} from './protocol.js';
import type { SmapiHealth } from './smapi-health.js';
import { HypervisorTransport } from './transport.js';
import { strictMock } from '#testing/jest';

const health = strictMock<SmapiHealth>({ record: () => Promise.resolve() });

/**
 * A hypervisor whose management guest's reader holds `files`, each with its text; it records
 * every call in order, and `receive` decides per spool id what rdrreceive does.
 */
class FakeHypervisor extends HypervisorTransport {
  readonly calls: string[] = [];
  consoleGet: SmapiReply = { rc: 0, rs: 0 };
  spoolRc = 0;
  files: ReaderListFile[] = [];
  receive: (id: string) => MgmtReply = (id) => ({ rc: 0, lines: [`text of ${id}`] });

  smapi<T>(fn: string, target: string): Promise<SmapiReply<T>> {
    this.calls.push(`${fn} ${target}`);
    return Promise.resolve(this.consoleGet as SmapiReply<T>);
  }
  cp(command: string): Promise<CpReply> {
    this.calls.push(`CP ${command}`);
    return Promise.resolve({ rc: this.spoolRc, lines: [] });
  }
  mgmt<T extends MgmtReply>(op: MgmtOperation, args: MgmtArgs): Promise<T> {
    this.calls.push([op, ...Object.values(args)].join(' '));
    if (op === 'rdrlist')
      return Promise.resolve({ rc: 0, lines: [], files: this.files } as unknown as T);
    if (op === 'rdrreceive') return Promise.resolve(this.receive(args.spoolid) as T);
    return Promise.resolve({ rc: 0, lines: [] } as unknown as T);
  }
  mgmtFile(): Promise<MgmtReply> {
    throw new Error('not used');
  }
  ping(): Promise<boolean> {
    return Promise.resolve(true);
  }
}

const con = (origin: string, spoolId: number): ReaderListFile => ({
  origin,
  spoolId,
  spoolClass: 'T',
  type: 'CON',
});

describe('ManagementGuestOps.consoleLog: the reference sequence, purging only what was read', () => {
  let hv: FakeHypervisor;
  let client: ManagementGuestOps;
  beforeEach(() => {
    hv = new FakeHypervisor();
    client = new ManagementGuestOps(new HypervisorExchange(hv, health));
  });

  it("receives the guest's console files only, each purged after its text is in hand", async () => {
    hv.files = [
      con('LINUX01', 3),
      con('LINUX02', 4),
      { ...con('LINUX01', 5), spoolClass: 'X' },
      { ...con('LINUX01', 6), type: 'PUN' },
      con('LINUX01', 7),
    ];
    await expect(client.consoleLog(toUserid('linux01'))).resolves.toEqual([
      'text of 3',
      'text of 7',
    ]);
    expect(hv.calls).toEqual([
      'Image_Console_Get LINUX01',
      'CP SPOOL READER CLASS *',
      'rdrlist',
      'rdrreceive 3',
      'purge 3',
      'rdrreceive 7',
      'purge 7',
    ]);
  });

  it('8/8 (nothing spooled) still reads files an earlier read left; a failed SPOOL is no failure', async () => {
    hv.consoleGet = { rc: 8, rs: 8 };
    hv.spoolRc = 3;
    hv.files = [con('LINUX01', 9), con('LINUX02', 10)];
    await expect(client.consoleLog(toUserid('LINUX01'))).resolves.toEqual(['text of 9']);
  });

  it("8/8 with none of the guest's files in the reader is the reference's 0409 (#57.8)", async () => {
    hv.consoleGet = { rc: 8, rs: 8 };
    hv.files = [con('LINUX02', 10)];
    const e = await client.consoleLog(toUserid('LINUX01')).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(HvError);
    expect(e).toMatchObject({ overallRC: 8, rc: 8, rs: 8, modID: 1 });
    expect((e as HvError).message).toContain(
      'ULTGVM0409E Unable to get console log for user LINUX01.',
    );
    expect(hv.calls).toEqual(['Image_Console_Get LINUX01', 'CP SPOOL READER CLASS *', 'rdrlist']);
  });

  it('another Image_Console_Get failure is an SMAPI error, before the reader is touched', async () => {
    hv.consoleGet = { rc: 200, rs: 4 };
    const e = await client.consoleLog(toUserid('LINUX01')).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(HvError);
    expect(e).toMatchObject({ overallRC: 8, rc: 200, rs: 4 });
    expect(hv.calls).toEqual(['Image_Console_Get LINUX01']);
  });

  it('a file that cannot be received is skipped and kept; one whose receive dies is kept', async () => {
    hv.files = [con('LINUX01', 1), con('LINUX01', 2)];
    hv.receive = (id) =>
      id === '1' ? { rc: 3, lines: ['ERROR: vmur: …'] } : { rc: 0, lines: ['b'] };
    await expect(client.consoleLog(toUserid('LINUX01'))).resolves.toEqual(['b']);
    expect(hv.calls.filter((c) => c.startsWith('purge'))).toEqual(['purge 2']);

    hv.calls.length = 0;
    hv.receive = () => {
      throw new Error('worker killed');
    };
    await expect(client.consoleLog(toUserid('LINUX01'))).rejects.toThrow('worker killed');
    expect(hv.calls.filter((c) => c.startsWith('purge'))).toEqual([]);
  });
});
