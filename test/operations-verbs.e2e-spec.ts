import { eventually, request } from './support/http.js';
import { TestStack } from './support/stack.js';
import { disksOf, guestBody } from './support/fixtures.js';

interface Op {
  id: string;
  status: string;
  request_id: string | null;
  retry_of: string | null;
  retried_by: string | null;
  resolutions: { how: string; by: string; at: string; request_id: string | null; note?: string }[];
  steps: { name: string; result: string | null }[];
  links: Record<string, string>;
}

/**
 * Issue #59, the operator's verbs: retry a failed or cancelled operation as a new one linked
 * both ways, resolve a needs_attention one (undo retried, or marked resolved with a note); each
 * refused with 409 in any other state. Every answer of a submitting request names its
 * operation (Operation-Id), and the listing filters by request id and time.
 */
describe('operations: retry, resolve, Operation-Id, listing filters', () => {
  let stack: TestStack;
  beforeAll(async () => {
    // the reconciler stays out of the way: only resolve retries an undo here
    stack = await TestStack.start({ worker: 'in-process', env: { RECONCILE_INTERVAL_S: '3600' } });
  });
  afterAll(() => stack.close());
  afterEach(() => request(stack.simUrl, 'DELETE', '/admin/faults'));

  const fault = (f: object) => request(stack.simUrl, 'POST', '/admin/faults', { body: f });
  const users = async () =>
    (
      (await request(stack.simUrl, 'GET', '/admin/state')).body as { users: { userid: string }[] }
    ).users.map((u) => u.userid);
  const op = async (id: string): Promise<Op> =>
    (await stack.http('GET', `/operations/${id}`)).body.output as Op;
  const create = (userid: string, disks = 0, headers: Record<string, string> = {}) =>
    stack.http('POST', '/guests', {
      body: guestBody({ userid, disks: disksOf(disks, '10') }),
      headers,
    });
  const failCreate = (userid: string) =>
    fault({ function: 'Image_Create_DM', target: userid, rc: 596, rs: 3 });

  /** A create whose second disk fails and whose undo (deleting the user) fails too. */
  async function needsAttention(userid: string): Promise<string> {
    await fault({
      function: 'Image_Disk_Create_DM',
      target: userid,
      match: '"vdev":"0101"',
      rc: 596,
      rs: 3,
    });
    await fault({ function: 'Image_Delete_DM', target: userid, crash: 'http500', times: 0 });
    const res = await create(userid, 2, { prefer: 'respond-async' });
    const id = res.headers.get('operation-id')!;
    await eventually(async () => ((await op(id)).status === 'needs_attention' ? true : undefined));
    return id;
  }

  it('names the operation on 200, on 202 and on the error it ended with', async () => {
    const sync = await create('OPID01', 0, { 'x-request-id': 'verbs-req-1' });
    expect(sync.status).toBe(200);
    const id = sync.headers.get('operation-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await op(id!)).status).toBe('succeeded');

    const async = await create('OPID02', 0, { prefer: 'respond-async' });
    expect(async.status).toBe(202);
    expect(async.headers.get('location')).toBe(`/operations/${async.headers.get('operation-id')}`);

    await failCreate('OPID03');
    const failed = await create('OPID03');
    expect(failed.status).toBeGreaterThanOrEqual(400);
    const failedId = failed.headers.get('operation-id');
    expect((await op(failedId!)).status).toBe('failed');

    // a request refused before an operation was made names none
    const refused = await stack.http('POST', '/guests', { body: { guest: { userid: 'x' } } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('operation-id')).toBeNull();
    // a read names none
    expect((await stack.http('GET', '/guests')).headers.get('operation-id')).toBeNull();
  });

  it('lists by request_id, since and until; a bad time is a 400 naming the field', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    const res = await create('OPID04', 0, { 'x-request-id': 'verbs-req-4' });
    const id = res.headers.get('operation-id')!;
    const byRequest = await stack.http('GET', '/operations?request_id=verbs-req-4');
    expect(byRequest.status).toBe(200);
    expect(byRequest.body.output.operations.map((o: Op) => o.id)).toEqual([id]);

    const since = await stack.http('GET', `/operations?since=${encodeURIComponent(before)}`);
    expect(since.body.output.operations.map((o: Op) => o.id)).toContain(id);
    const until = await stack.http('GET', `/operations?until=${encodeURIComponent(before)}`);
    expect(until.body.output.operations.map((o: Op) => o.id)).not.toContain(id);
    const later = new Date(Date.now() + 60_000).toISOString();
    const none = await stack.http('GET', `/operations?since=${encodeURIComponent(later)}`);
    expect(none.body.output.operations).toEqual([]);

    for (const field of ['since', 'until']) {
      const bad = await stack.http('GET', `/operations?${field}=yesterday`);
      expect(bad.status).toBe(400);
      expect(bad.body.errmsg).toContain(field);
    }
  });

  it('retries a failed operation as a new one, linked both ways, once', async () => {
    await failCreate('RETRY01');
    const first = await create('RETRY01');
    const failedId = first.headers.get('operation-id')!;
    expect((await op(failedId)).status).toBe('failed');
    expect(await users()).not.toContain('RETRY01');

    // the fault was for one call: the retry runs the same request and succeeds
    const retried = await stack.http('POST', `/operations/${failedId}/retry`, {
      headers: { 'x-request-id': 'verbs-retry-1' },
    });
    expect(retried.status).toBe(200);
    expect(retried.body.overallRC).toBe(0);
    const retryId = retried.headers.get('operation-id')!;
    expect(retryId).not.toBe(failedId);
    const retry = await op(retryId);
    expect(retry).toMatchObject({
      status: 'succeeded',
      retry_of: failedId,
      request_id: 'verbs-retry-1',
    });
    expect(retry.links.retry_of).toBe(`/operations/${failedId}`);
    const original = await op(failedId);
    expect(original).toMatchObject({ status: 'failed', retried_by: retryId });
    expect(original.links.retried_by).toBe(`/operations/${retryId}`);
    expect(await users()).toContain('RETRY01');

    // once: a second retry is refused and points at the first
    const again = await stack.http('POST', `/operations/${failedId}/retry`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ overallRC: 409, rs: 20 });
    expect(again.headers.get('location')).toBe(`/operations/${retryId}`);
    // a succeeded one is no retry's business
    const ofSucceeded = await stack.http('POST', `/operations/${retryId}/retry`);
    expect(ofSucceeded.status).toBe(409);
    expect(ofSucceeded.body.errmsg).toContain('succeeded');
    const missing = await stack.http(
      'POST',
      '/operations/00000000-0000-4000-8000-000000000000/retry',
    );
    expect(missing.status).toBe(404);
  });

  it('retries a cancelled operation; refuses one still running; answers 202 when asked', async () => {
    await fault({ function: 'Image_Create_DM', target: 'RETRY02', hang_ms: 3000 });
    const res = await create('RETRY02', 0, { prefer: 'respond-async' });
    const id = res.headers.get('operation-id')!;
    await eventually(async () => ((await op(id)).status === 'running' ? true : undefined));
    const running = await stack.http('POST', `/operations/${id}/retry`);
    expect(running.status).toBe(409);
    expect(running.body.errmsg).toContain('running');

    const cancelled = await stack.http('POST', `/operations/${id}/cancel`);
    expect(cancelled.body.output.status).toBe('cancelled');
    const retried = await stack.http('POST', `/operations/${id}/retry`, {
      headers: { prefer: 'respond-async' },
    });
    expect(retried.status).toBe(202);
    const retryId = retried.headers.get('operation-id')!;
    expect(retried.headers.get('location')).toBe(`/operations/${retryId}`);
    const done = await eventually(async () => {
      const o = await op(retryId);
      return o.status === 'succeeded' ? o : undefined;
    });
    expect(done.retry_of).toBe(id);
    expect((await op(id)).retried_by).toBe(retryId);
  });

  it('resolves needs_attention by retrying the undo, audited, and refuses any other state', async () => {
    const id = await needsAttention('RESOLV1');
    // the undo still cannot run: it stays needs_attention, and the attempt is on record
    const stillStuck = await stack.http('POST', `/operations/${id}/resolve`, {
      headers: { 'x-request-id': 'verbs-resolve-1' },
    });
    expect(stillStuck.status).toBe(200);
    expect(stillStuck.body.output.status).toBe('needs_attention');
    expect(stillStuck.body.output.resolutions).toEqual([
      expect.objectContaining({
        how: 'undo_retried',
        by: expect.stringMatching(/^token:/),
        request_id: 'verbs-resolve-1',
      }),
    ]);

    await request(stack.simUrl, 'DELETE', '/admin/faults');
    const resolved = await stack.http('POST', `/operations/${id}/resolve`, { body: {} });
    expect(resolved.status).toBe(200);
    expect(resolved.body.output.status).toBe('failed');
    expect(resolved.body.output.resolutions.map((r: { how: string }) => r.how)).toEqual([
      'undo_retried',
      'undo_retried',
    ]);
    expect(await users()).not.toContain('RESOLV1');

    const again = await stack.http('POST', `/operations/${id}/resolve`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ overallRC: 409, rs: 21 });
    expect(again.body.errmsg).toContain('failed');
  });

  it('resolves needs_attention on an operator word with a note; the note is required', async () => {
    const id = await needsAttention('RESOLV2');
    const noNote = await stack.http('POST', `/operations/${id}/resolve`, {
      body: { mark: 'resolved' },
    });
    expect(noNote.status).toBe(400);
    expect(noNote.body.errmsg).toContain('note');
    const badMark = await stack.http('POST', `/operations/${id}/resolve`, {
      body: { mark: 'done', note: 'x' },
    });
    expect(badMark.status).toBe(400);
    expect(badMark.body.errmsg).toContain('mark');

    const marked = await stack.http('POST', `/operations/${id}/resolve`, {
      body: { mark: 'resolved', note: 'RESOLV2 deleted by hand' },
    });
    expect(marked.status).toBe(200);
    expect(marked.body.output).toMatchObject({
      status: 'failed',
      resolutions: [
        expect.objectContaining({
          how: 'marked_resolved',
          by: expect.stringMatching(/^token:/),
          note: 'RESOLV2 deleted by hand',
        }),
      ],
    });
    // the operator's word, not an undo: the user the undo could not delete is still there
    expect(await users()).toContain('RESOLV2');
    // and the guest's line is free: under handling=strict an operation is admitted (it then
    // fails on the user still defined, which is the operator's business)
    await request(stack.simUrl, 'DELETE', '/admin/faults');
    const next = await create('RESOLV2', 0, { prefer: 'handling=strict' });
    expect(next.body.rs).not.toBe(12);
    expect(next.headers.get('operation-id')).toMatch(/^[0-9a-f-]{36}$/);

    const succeeded = (await create('RESOLV3')).headers.get('operation-id')!;
    const refused = await stack.http('POST', `/operations/${succeeded}/resolve`, {
      body: { mark: 'resolved', note: 'x' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errmsg).toContain('succeeded');
  });
});
