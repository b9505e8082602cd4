import { Errors, toUserid } from '#envelope';
import type { SystemsManagement } from '#hypervisor';
import { DirectoryChecks } from './directory-checks.js';
import { strictMock } from '#testing/jest';

/** A hypervisor whose directory is `users`, counting the calls made to it. */
function hypervisor(users: string[]) {
  const calls: string[] = [];
  const hv = strictMock<SystemsManagement>({
    imageQueryDM: (id: string) => {
      calls.push(`Image_Query_DM ${id}`);
      if (!users.includes(id)) return Promise.reject(Errors.smapi(400, 4, 'no such user'));
      return Promise.resolve([`USER ${id}`]);
    },
    imageNameQueryDM: () => {
      calls.push('Image_Name_Query_DM');
      return Promise.resolve([...users]);
    },
  });
  return { hv, calls };
}

/** Asks for each id from a callback of its own, as requests read from different sockets are. */
const askApart = (sut: DirectoryChecks, ids: string[]) =>
  Promise.all(ids.map((id) => new Promise((r) => setImmediate(() => r(sut.has(toUserid(id)))))));

describe('DirectoryChecks', () => {
  it('answers a check asked alone with its own Image_Query_DM', async () => {
    const { hv, calls } = hypervisor(['ALPHA']);
    const sut = new DirectoryChecks(hv);
    expect(await sut.has(toUserid('ALPHA'))).toBe(true);
    expect(await sut.has(toUserid('GONE'))).toBe(false);
    expect(calls).toEqual(['Image_Query_DM ALPHA', 'Image_Query_DM GONE']);
  });

  it('answers the checks asked in one turn with one call', async () => {
    const { hv, calls } = hypervisor(['ALPHA', 'BETA']);
    const sut = new DirectoryChecks(hv);
    expect(await askApart(sut, ['ALPHA', 'GONE', 'BETA', 'ALPHA'])).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect(calls).toEqual(['Image_Name_Query_DM']);
  });

  it('never answers a check from a call sent before it was asked for', async () => {
    const users = ['ALPHA'];
    const { hv, calls } = hypervisor(users);
    const sut = new DirectoryChecks(hv);
    const first = sut.has(toUserid('LATE'));
    await new Promise((r) => setImmediate(r)); // the first check's call is sent
    users.push('LATE');
    expect(await first).toBe(false);
    expect(await sut.has(toUserid('LATE'))).toBe(true);
    expect(calls).toEqual(['Image_Query_DM LATE', 'Image_Query_DM LATE']);
  });

  it('fails every check of a batch whose call fails', async () => {
    const { hv } = hypervisor([]);
    (hv as unknown as { imageNameQueryDM: () => Promise<never> }).imageNameQueryDM = () =>
      Promise.reject(Errors.smapi(500, 8, 'down'));
    const sut = new DirectoryChecks(hv);
    await expect(askApart(sut, ['A', 'B'])).rejects.toMatchObject({ rc: 500 });
  });
});
