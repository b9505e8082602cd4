import { request } from './support/http.js';
import { TestStack } from './support/stack.js';

/**
 * GET /guests/{id}/power_state asks the hypervisor for the power first and the directory only
 * when that says off: a running guest is one hypervisor call, and a managed guest whose
 * directory entry is gone still answers 404 rs 3.
 */
describe('power_state', () => {
  let stack: TestStack;
  beforeAll(async () => {
    // the api keeps the guests it found managed for as long as this (ManagedGuests): long
    // here, so that only the workers' word that a guest left can make it forget one
    stack = await TestStack.start({
      worker: 'in-process',
      env: { MANAGED_GUESTS_CACHE_MS: '600000' },
    });
  });
  afterAll(() => stack.close());

  const lastSeq = async (): Promise<number> =>
    (await request(stack.simUrl, 'GET', '/admin/calls?since=0')).body.lastSeq;
  /** The hypervisor calls one power_state request makes, and its answer. */
  const powerState = async (userid: string) => {
    const since = await lastSeq();
    const res = await stack.http('GET', `/guests/${userid}/power_state`);
    const calls = (await request(stack.simUrl, 'GET', `/admin/calls?since=${since}`)).body.calls;
    return { res, calls: calls.map((c: any) => c.command ?? c.function) as string[] };
  };
  const create = async (userid: string) => {
    const res = await stack.http('POST', '/guests', {
      body: { guest: { userid, vcpus: 1, memory: 512 } },
    });
    expect(res.status).toBe(200);
  };

  it('answers a running guest with one hypervisor call', async () => {
    await create('PWR01');
    const start = await stack.http('POST', '/guests/PWR01/action', { body: { action: 'start' } });
    expect(start.status).toBe(200);
    const { res, calls } = await powerState('PWR01');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ overallRC: 0, output: 'on' });
    expect(calls).toEqual(['QUERY USER PWR01']);
  });

  it('checks the directory of a guest that is off: off, or 404 rs 3 when its entry is gone', async () => {
    await create('PWR02');
    const off = await powerState('PWR02');
    expect(off.res.body).toMatchObject({ overallRC: 0, output: 'off' });
    expect(off.calls).toEqual(['QUERY USER PWR02', 'Image_Query_DM']);

    // the directory entry goes behind the service's back
    const deleted = await request(stack.simUrl, 'POST', '/smapi/Image_Delete_DM', {
      body: { target: 'PWR02' },
    });
    expect(deleted.body).toMatchObject({ rc: 0, rs: 0 });
    const gone = await powerState('PWR02');
    expect(gone.res.status).toBe(404);
    expect(gone.res.body).toMatchObject({ overallRC: 404, rc: 404, rs: 3, modID: 10 });
  });

  // Asked at once, queries read in one turn share an Image_Status_Query of every active image
  // (and checks an Image_Name_Query_DM): whichever way each is answered, the answers agree.
  it('answers guests asked at once, running or off, each rightly', async () => {
    const ids = ['PWR11', 'PWR12', 'PWR13', 'PWR14', 'PWR15', 'PWR16'];
    for (const id of ids) await create(id);
    for (const id of ids.slice(0, 3)) {
      const start = await stack.http('POST', `/guests/${id}/action`, { body: { action: 'start' } });
      expect(start.status).toBe(200);
    }
    const since = await lastSeq();
    const answers = await Promise.all(
      [...ids, ...ids].map((id) => stack.http('GET', `/guests/${id}/power_state`)),
    );
    expect(answers.map((r) => r.body.output)).toEqual(
      [...ids, ...ids].map((_, i) => (i % 6 < 3 ? 'on' : 'off')),
    );
    const calls = (await request(stack.simUrl, 'GET', `/admin/calls?since=${since}`)).body.calls;
    for (const c of calls) {
      expect(c.command ?? c.function).toMatch(
        /^(QUERY USER PWR1\d|Image_Status_Query|Image_Query_DM|Image_Name_Query_DM)$/,
      );
    }
  });

  it('reads whether a guest is managed once, not on every request', async () => {
    await create('PWR31');
    expect((await stack.http('GET', '/guests/PWR31/power_state')).body.output).toBe('off');
    // a scrape's own statements, measured between two scrapes with nothing else between
    const [a, b] = [await stack.apiStatements(), await stack.apiStatements()];
    const before = await stack.apiStatements();
    for (let i = 0; i < 5; i++) {
      const res = await stack.http('GET', '/guests/PWR31/power_state');
      expect(res.body).toMatchObject({ overallRC: 0, output: 'off' });
    }
    expect((await stack.apiStatements()) - before).toBe(b - a);
  });

  // A worker that deletes a guest tells every api at once, before the operation ends: the
  // answer right after a waited delete is that of an unmanaged guest (404 rs 1), not one about
  // what is left of it on the hypervisor (404 rs 3, "not in the directory").
  it('forgets a guest as soon as a delete has removed it', async () => {
    await create('PWR32');
    expect((await stack.http('GET', '/guests/PWR32/power_state')).body.output).toBe('off');
    expect((await stack.http('DELETE', '/guests/PWR32')).status).toBe(200);
    const gone = await stack.http('GET', '/guests/PWR32/power_state');
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ overallRC: 404, rc: 404, rs: 1, modID: 10 });
    const start = await stack.http('POST', '/guests/PWR32/action', { body: { action: 'start' } });
    expect(start.status).toBe(404);
    expect(await stack.http('GET', '/operations?userid=PWR32&kind=guest.start')).toMatchObject({
      body: { output: { operations: [] } },
    });
  });
});
