import { eventually, request } from '../support/http.js';
import { TestStack } from '../support/stack.js';
import { crashKit } from './support/crash-kit.js';

interface LateEffect {
  step: string;
  found_at: string;
  action: string;
}

/**
 * Issue #58 item 2: a call can land after its own timeout, even after its operation ended. A
 * define held past its timeout lands once the operation is over (cancelled; or undone after a
 * later step failed): the sweep re-checks the ended operation, undoes the late user and lists
 * it in `late_effects`, so no user stays in the directory that no row knows.
 */
describe('faults: calls landing after their operation ended', () => {
  let stack: TestStack;
  let kit: ReturnType<typeof crashKit>;
  beforeAll(async () => {
    stack = await TestStack.start({
      worker: 'process',
      env: {
        // the define's call is given up after 3 s (+ connect): its window
        HV_CALL_TIMEOUT_S: '3',
        WORKER_LOCK_S: '1',
        RECONCILE_INTERVAL_S: '1',
      },
    });
    kit = crashKit(stack);
  });
  afterAll(() => stack.close());

  const users = async (): Promise<string[]> =>
    ((await request(stack.simUrl, 'GET', '/admin/state')).body.users as { userid: string }[]).map(
      (u) => u.userid,
    );
  const create = async (userid: string, disks: number) => {
    const res = await stack.http('POST', '/guests', {
      body: {
        guest: {
          userid,
          vcpus: 1,
          memory: 512,
          disk_list: Array.from({ length: disks }, () => ({ size: '1g' })),
        },
      },
      headers: { prefer: 'respond-async' },
    });
    expect(res.status).toBe(202);
    return res.headers.get('location')!;
  };
  /** The operation once the sweep has listed a late effect on it. */
  const lateEffectOf = (location: string) =>
    eventually(
      async () => {
        const op = (await stack.http('GET', location)).body.output;
        return (op.late_effects as LateEffect[]).length ? op : undefined;
      },
      90_000,
      'a late effect listed',
    );

  it('cancelled while its define was held: the late user is undone and listed', async () => {
    // the define lands 25 s after it was sent, long after its 3 s timeout
    await kit.fault({ function: 'Image_Create_DM', target: 'LATE01', hang_ms: 25_000 });
    const location = await create('LATE01', 1);
    const id = location.split('/').pop()!;
    await eventually(async () =>
      (await kit.calls('Image_Create_DM', 'LATE01')).length ? 1 : undefined,
    );
    await stack.http('POST', `/operations/${id}/cancel`, { headers: { prefer: 'respond-async' } });
    const ended = await eventually(
      async () => {
        const op = (await stack.http('GET', location)).body.output;
        return op.status === 'cancelled' ? op : undefined;
      },
      60_000,
      'cancelled',
    );
    expect(await users()).not.toContain('LATE01');
    // the define lands after the operation ended: a user no row knows, until the sweep
    await eventually(async () => ((await users()).includes('LATE01') ? 1 : undefined), 40_000);
    const op = await lateEffectOf(location);

    expect(op.status).toBe('cancelled');
    expect(op.finished_at).toBe(ended.finished_at);
    expect(op.late_effects).toEqual([
      expect.objectContaining({ step: 'define user', action: 'undone' }),
    ]);
    expect(await users()).not.toContain('LATE01');
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('LATE01');
  }, 150_000);

  it('undone after a later step failed: the define landing after the undo is undone too', async () => {
    await kit.fault({ function: 'Image_Create_DM', target: 'LATE02', hang_ms: 25_000 });
    // the disk is refused (final): the operation fails and undoes what it did
    await kit.fault({ function: 'Image_Disk_Create_DM', target: 'LATE02', rc: 596, rs: 3 });
    const location = await create('LATE02', 1);
    const failed = await eventually(
      async () => {
        const op = (await stack.http('GET', location)).body.output;
        return op.status === 'failed' ? op : undefined;
      },
      60_000,
      'failed',
    );
    expect(failed.steps.map((s: { name: string }) => s.name)).toContain('undo define user');
    const op = await lateEffectOf(location);

    expect(op.status).toBe('failed');
    expect(op.late_effects).toEqual([
      expect.objectContaining({ step: 'define user', action: 'undone' }),
    ]);
    // the held define has landed by now, and was undone: no user that no row knows
    expect((await kit.calls('Image_Create_DM', 'LATE02')).every((c) => c.end !== null)).toBe(true);
    expect(await users()).not.toContain('LATE02');
  }, 150_000);
});
