import { Errors, toUserid } from '#envelope';
import type { CpQueries, SystemsManagement } from '#hypervisor';
import { PowerQueries } from './power-queries.js';
import { strictMock } from '#testing/jest';

/** A hypervisor on which `on` are logged on, counting the calls made to it. */
function hypervisor(on: string[]) {
  const calls: string[] = [];
  const cp = strictMock<CpQueries>({
    queryUserPower: (id: string) => {
      calls.push(`QUERY USER ${id}`);
      return Promise.resolve(on.includes(id) ? 'on' : 'off');
    },
  });
  const hv = strictMock<SystemsManagement>({
    imageStatusQuery: (target?: string) => {
      calls.push(`Image_Status_Query ${target}`);
      return Promise.resolve({ active: on.map((id) => id.toLowerCase()) });
    },
  });
  return { cp, hv, calls };
}

/** Asks for each id from a callback of its own, as requests read from different sockets are. */
const askApart = (sut: PowerQueries, ids: string[]) =>
  Promise.all(ids.map((id) => new Promise((r) => setImmediate(() => r(sut.of(toUserid(id)))))));

describe('PowerQueries', () => {
  it('answers a query asked alone with its own CP QUERY USER, as the reference asks', async () => {
    const { cp, hv, calls } = hypervisor(['ALPHA']);
    const sut = new PowerQueries(cp, hv);
    expect(await sut.of(toUserid('ALPHA'))).toBe('on');
    expect(await sut.of(toUserid('BETA'))).toBe('off');
    expect(calls).toEqual(['QUERY USER ALPHA', 'QUERY USER BETA']);
  });

  it('answers the queries asked in one turn with one Image_Status_Query of every active image', async () => {
    const { cp, hv, calls } = hypervisor(['ALPHA', 'GAMMA']);
    const sut = new PowerQueries(cp, hv);
    expect(await askApart(sut, ['ALPHA', 'BETA', 'GAMMA', 'ALPHA'])).toEqual([
      'on',
      'off',
      'on',
      'on',
    ]);
    expect(calls).toEqual(['Image_Status_Query *']);
  });

  it('never answers from a call sent before the query was asked', async () => {
    const on: string[] = [];
    const { cp, hv, calls } = hypervisor(on);
    const sut = new PowerQueries(cp, hv);
    const first = askApart(sut, ['LATE', 'OTHER']);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r)); // the batch's call is sent
    on.push('LATE');
    expect(await first).toEqual(['off', 'off']);
    expect(await askApart(sut, ['LATE', 'OTHER'])).toEqual(['on', 'off']);
    expect(calls).toEqual(['Image_Status_Query *', 'Image_Status_Query *']);
  });

  it('fails every query of a batch whose call fails', async () => {
    const { cp, hv } = hypervisor([]);
    (hv as unknown as { imageStatusQuery: () => Promise<never> }).imageStatusQuery = () =>
      Promise.reject(Errors.smapi(500, 8, 'down'));
    const sut = new PowerQueries(cp, hv);
    await expect(askApart(sut, ['A', 'B'])).rejects.toMatchObject({ rc: 500 });
  });
});
