import { HvError, type Userid } from '#envelope';
import { CpQueries } from './cp.queries.js';
import { HypervisorExchange } from './hypervisor.exchange.js';
import type { CpReply, MgmtReply, SmapiReply } from './protocol.js';
import type { SmapiHealth } from './smapi-health.js';
import { HypervisorTransport } from './transport.js';
import { strictMock } from '#testing/jest';

/** A transport that records the CP commands that reach it. */
class Recorder extends HypervisorTransport {
  readonly sent: string[] = [];
  cp(command: string): Promise<CpReply> {
    this.sent.push(command);
    return Promise.resolve({ rc: 0, lines: ['X AT HVSIM1'] });
  }
  smapi<T>(): Promise<SmapiReply<T>> {
    return Promise.resolve({ rc: 0, rs: 0 });
  }
  mgmt<T extends MgmtReply>(): Promise<T> {
    return Promise.resolve({ rc: 0, lines: [] } as unknown as T);
  }
  mgmtFile(): Promise<MgmtReply> {
    return Promise.resolve({ rc: 0, lines: [] });
  }
  ping(): Promise<boolean> {
    return Promise.resolve(true);
  }
}

const health = strictMock<SmapiHealth>({ record: () => Promise.resolve() });
/** A value no Userid could hold, as if it slipped past the brand: what the gate is for. */
// eslint-disable-next-line no-restricted-syntax -- forged on purpose
const forged = (id: string) => id as Userid;

/** Every CP command built from a userid goes through cpCommand(), the one gate. */
describe.each([
  ['queryUserPower', (cp: CpQueries, id: string) => cp.queryUserPower(forged(id))],
  ['memberOf', (cp: CpQueries, id: string) => cp.memberOf(forged(id))],
  ['relocating', (cp: CpQueries, id: string) => cp.relocating(forged(id))],
])('CpQueries.%s', (_name, ask) => {
  it('refuses a userid that would add an operand; nothing reaches CP', async () => {
    const t = new Recorder();
    const hv = new CpQueries(new HypervisorExchange(t, health));
    await expect(ask(hv, 'LINUX01 LOGOFF')).rejects.toThrow(HvError);
    expect(t.sent).toEqual([]);
  });
});
