import { connect, type Socket } from 'node:net';
import { LINUX01, startHarness, waitFor, type Harness } from '../testing/simulator.harness.js';

describe('fault injection', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: LINUX01 });
  });
  afterEach(() => h.close());

  const addFault = async (body: object) => {
    const res = await h.http('POST', '/admin/faults', body);
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  it('answers the given rc/rs once, without touching state, then behaves normally', async () => {
    const id = await addFault({ function: 'Image_Activate', rc: 596, rs: 3543, errmsg: 'boom' });
    expect(await h.smapi('Image_Activate', 'LINUX01')).toEqual({
      rc: 596,
      rs: 3543,
      errmsg: 'boom',
    });
    expect(h.sim.state.user('LINUX01')?.loggedOn).toBe(false);
    expect(await h.smapi('Image_Activate', 'LINUX01')).toEqual({ rc: 0, rs: 0 });
    expect((await h.http('GET', '/admin/faults')).body.faults).toEqual([]);
    const log = h.sim.calls.since().filter((c) => c.function === 'Image_Activate');
    expect(log.map((c) => [c.rc, c.rs, c.fault])).toEqual([
      [596, 3543, id],
      [0, 0, undefined],
    ]);
  });

  it('matches the target, counts times, and 0 means until cleared', async () => {
    await addFault({ function: 'Image_Query_DM', target: 'linux02', rc: 400, rs: 12 });
    expect((await h.smapi('Image_Query_DM', 'LINUX01')).rc).toBe(0);
    await addFault({ function: 'Image_Query_DM', rc: 500, rs: 8, times: 0 });
    for (let i = 0; i < 3; i++) {
      expect(await h.smapi('Image_Query_DM', 'LINUX01')).toMatchObject({ rc: 500, rs: 8 });
    }
    // Faults match in the order they were added: the LINUX02 one comes first.
    expect(await h.smapi('Image_Query_DM', 'LINUX02')).toMatchObject({ rc: 400, rs: 12 });
    expect((await h.http('GET', '/admin/faults')).body.faults).toEqual([
      expect.objectContaining({ rc: 500, remaining: null, hits: 3 }),
    ]);
    expect((await h.http('DELETE', '/admin/faults')).status).toBe(200);
    expect((await h.smapi('Image_Query_DM', 'LINUX01')).rc).toBe(0);
  });

  it('matches only calls whose parameters contain the given text', async () => {
    await addFault({ function: 'Image_Disk_Create_DM', match: '"vdev":"0101"', rc: 596, rs: 3474 });
    const disk = (vdev: string) =>
      h.smapi('Image_Disk_Create_DM', 'LINUX01', {
        vdev,
        deviceType: '3390',
        pool: 'POOL1',
        units: 10,
        mode: 'MR',
      });
    expect((await disk('0100')).rc).toBe(0);
    expect(await disk('0101')).toMatchObject({ rc: 596, rs: 3474 });
    expect((await disk('0101')).rc).toBe(0);
    expect((await h.http('POST', '/admin/faults', { function: 'CP', match: '' })).status).toBe(400);
  });

  it('hangs before answering', async () => {
    await addFault({ function: 'Image_Status_Query', hang_ms: 150 });
    const t0 = performance.now();
    expect(await h.smapi('Image_Status_Query', '*')).toMatchObject({ rc: 0 });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
  });

  /** Until `n` calls have been taken by the faults (a holding one: they are now held). */
  const taken = async (n: number) => {
    for (let i = 0; i < 200; i++) {
      const { faults } = (await h.http('GET', '/admin/faults')).body;
      if (faults.length === 0 || faults[0].hits >= n) return;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error(`${n} calls were not taken`);
  };

  it('holds a call in flight until released, then lets it run', async () => {
    const id = await addFault({
      function: 'Image_Activate',
      target: 'LINUX01',
      hold: true,
      times: 0,
    });
    const answer = h.smapi('Image_Activate', 'LINUX01');
    await taken(1);
    // however long it waits, the call stays in flight and has not acted
    await new Promise((r) => setTimeout(r, 100));
    const log = () => h.sim.calls.since().filter((c) => c.function === 'Image_Activate');
    expect(log()).toEqual([expect.objectContaining({ end: null })]);
    expect(h.sim.state.user('LINUX01')?.loggedOn).toBe(false);
    expect((await h.http('POST', `/admin/faults/${id}/release`)).body).toEqual({ released: 1 });
    expect(await answer).toEqual({ rc: 0, rs: 0 });
    expect(h.sim.state.user('LINUX01')?.loggedOn).toBe(true);
    expect((await h.http('POST', '/admin/faults/release')).body).toEqual({ released: 0 });
  });

  /** A punch whose input file is sent by hand: its headers and the first chunk, no end yet. */
  const punchBegun = (name: string): Socket => {
    const socket = connect(Number(new URL(h.url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `POST /mgmt/punch?userid=LINUX01&name=${name} HTTP/1.1\r\nhost: sim\r\n` +
        'content-type: application/octet-stream\r\ntransfer-encoding: chunked\r\n\r\n' +
        '6\r\necho a\r\n',
    );
    return socket;
  };

  // A call is in flight from its headers on; a client that dies before its input file has all
  // arrived never made the call, so a test that kills one "during" a call waits for `complete`.
  it('tells a held call whose input file is still arriving from one that has all of it', async () => {
    await addFault({ function: 'punch', target: 'LINUX01', hold: true, times: 0 });
    const punches = () => h.sim.calls.since().filter((c) => c.function === 'punch');
    const whole = punchBegun('whole.sh');
    await taken(1);
    expect(punches()).toEqual([expect.objectContaining({ end: null, input: 'arriving' })]);
    whole.write('0\r\n\r\n');
    await waitFor(() => punches()[0].input === 'complete');
    expect((await h.http('GET', '/admin/calls')).body.calls.pop()).toMatchObject({
      function: 'punch',
      end: null,
      input: 'complete',
    });

    const cut = punchBegun('cut.sh');
    await taken(2);
    cut.destroy();
    await waitFor(() => punches()[1]?.input === 'broken');
    await h.http('POST', '/admin/faults/release');
    await waitFor(() => punches().every((c) => c.end !== null));
    whole.destroy();
    expect(punches().map((c) => [c.input, c.rc])).toEqual([
      ['complete', 0],
      ['broken', null],
    ]);
    expect(h.sim.state.user('LINUX01')!.reader.map((f) => f.name)).toEqual(['whole.sh']);
    // a call without an input file says nothing of one
    expect(await h.smapi('Image_Query_DM', 'LINUX01')).toMatchObject({ rc: 0 });
    expect(h.sim.calls.since().pop()).not.toHaveProperty('input');
  });

  it('lets held calls go when the faults are cleared', async () => {
    await addFault({ function: 'Image_Status_Query', hold: true, times: 0 });
    const answers = [h.smapi('Image_Status_Query', '*'), h.smapi('Image_Status_Query', '*')];
    await taken(2);
    expect((await h.http('DELETE', '/admin/faults')).status).toBe(200);
    for (const a of await Promise.all(answers)) expect(a).toMatchObject({ rc: 0 });
    expect((await h.http('POST', '/admin/faults', { function: 'CP', hold: 1 })).status).toBe(400);
  });

  it('simulates transport failures: HTTP 500 or a dropped connection', async () => {
    await addFault({ function: 'Image_Create_DM', crash: 'http500' });
    const r = await h.http('POST', '/smapi/Image_Create_DM', { target: 'LINUX09', params: {} });
    expect(r.status).toBe(500);
    await addFault({ function: 'Image_Activate', target: 'LINUX01', crash: true });
    await expect(h.smapi('Image_Activate', 'LINUX01')).rejects.toThrow();
    expect(h.sim.state.user('LINUX01')?.loggedOn).toBe(false);
    expect(
      h.sim.calls
        .since()
        .map((c) => c.crash)
        .filter(Boolean),
    ).toEqual(['http500', 'socket']);
  });

  it('injects CP failures by userid', async () => {
    await addFault({
      function: 'CP',
      target: 'LINUX01',
      rc: 361,
      errmsg: 'HCP361E LOGOFF/FORCE pending for user LINUX01',
    });
    expect(await h.cp('Q USER LINUX01')).toEqual({
      rc: 361,
      lines: ['HCP361E LOGOFF/FORCE pending for user LINUX01'],
    });
    expect((await h.cp('Q USER LINUX01')).rc).toBe(45);
  });

  it('validates fault definitions', async () => {
    for (const body of [
      {},
      { function: 'Nope', rc: 1 },
      { function: 'CP' },
      { function: 'CP', rc: 1, times: -1 },
    ]) {
      expect((await h.http('POST', '/admin/faults', body)).status).toBe(400);
    }
  });
});
