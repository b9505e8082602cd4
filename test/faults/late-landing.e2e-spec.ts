import { eventually, request } from '../support/http.js';
import { TestStack } from '../support/stack.js';
import { crashKit } from './support/crash-kit.js';

interface Step {
  name: string;
  result: string | null;
  detail?: string;
}

/**
 * A call held by the hypervisor past the time its worker lives: the worker is killed while
 * the call is in flight and another resumes the operation at once. Its step is in doubt until
 * the longest time such a call can still land, derived from the transport's call timeout
 * (HV_CALL_TIMEOUT_S here: the held call lands before it runs out, as one can). A call safe to
 * repeat (define, disk create) is re-issued at once rather than waited for (issue #58); whatever
 * ends the operation, what the held call does when it lands is undone (by the operation, or by
 * the sweep of late effects once it ended): no user stays in the directory that no row knows.
 */
describe('faults: call held past the settle time, worker killed', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({
      worker: 'process',
      env: {
        WORKER_LOCK_S: '1',
        RECONCILE_INTERVAL_S: '1',
        SHUTDOWN_GRACE_S: '1',
        // the held calls below (8 s) land within what the transport waits for an answer:
        // 12 s on the simulator transport, about 15 s over the wire (HV_TRANSPORT=smapi)
        HV_CALL_TIMEOUT_S: '6',
        SMAPI_CONNECT_TIMEOUT_S: '1',
        SMAPI_READ_TIMEOUT_S: '3',
        SMAPI_LONG_READ_TIMEOUT_S: '3',
        HV_DISK_IMAGE_TIMEOUT_S: '6',
      },
    });
  });
  afterAll(() => stack.close());

  const kit = () => crashKit(stack);
  const users = async (): Promise<string[]> =>
    ((await request(stack.simUrl, 'GET', '/admin/state')).body.users as { userid: string }[]).map(
      (u) => u.userid,
    );
  const final = (location: string) =>
    eventually(
      async () => {
        const r = await stack.http('GET', location);
        return ['succeeded', 'failed', 'cancelled'].includes(r.body.output.status)
          ? (r.body.output as { status: string; steps: Step[] })
          : undefined;
      },
      60_000,
      'the operation to end',
    );
  const create = async (userid: string, disks = 1) => {
    const disk_list = Array.from({ length: disks }, () => ({ size: '1g' }));
    const res = await stack.http('POST', '/guests', {
      body: { guest: { userid, vcpus: 1, memory: 512, disk_list } },
      headers: { prefer: 'respond-async' },
    });
    expect(res.status).toBe(202);
    return res.headers.get('location')!;
  };
  /** Kills the worker while the held define is in flight and starts another at once. */
  const killDuringDefine = async (userid: string) => {
    const held = await eventually(async () =>
      (await kit().calls('Image_Create_DM', userid)).find((c) => c.end === null),
    );
    await stack.killWorkerProcess();
    await stack.startWorkerProcess();
    return held;
  };
  const landed = (userid: string, seq: number) =>
    eventually(
      async () =>
        (await kit().calls('Image_Create_DM', userid)).find((c) => c.seq === seq && c.end !== null),
      30_000,
      'the held call to land',
    );
  const noOrphan = (userid: string) =>
    eventually(
      async () => ((await users()).includes(userid) ? undefined : true),
      // the sweep re-checks an ended operation once the call's window has passed
      45_000,
      `${userid} to leave the directory`,
    );

  it('later step fails: the define re-issued at once, the late one undone by the sweep', async () => {
    await kit().fault({ function: 'Image_Create_DM', target: 'LATE01', hang_ms: 8000 });
    await kit().fault({ function: 'Image_Disk_Create_DM', target: 'LATE01', rc: 596, rs: 3 });
    const location = await create('LATE01');
    const held = await killDuringDefine('LATE01');
    const op = await final(location);
    await landed('LATE01', held.seq);

    expect(op.status).toBe('failed');
    // the held define and at most one repeat of it (answered 400/8 had the held one landed first)
    expect((await kit().calls('Image_Create_DM', 'LATE01')).length).toBeLessThanOrEqual(2);
    await noOrphan('LATE01');
    // Whether the held define landed after the operation's own undo (its first delete): only
    // then did it leave a user behind for the sweep. Told by the simulator's timestamps, not by
    // counting rc-0 defines. The sweep removes the user before it records what it did, so its
    // record is waited for rather than read as soon as the user is gone.
    const late = (await kit().calls('Image_Create_DM', 'LATE01')).find((c) => c.seq === held.seq)!;
    const undo = (await kit().calls('Image_Delete_DM', 'LATE01'))[0];
    const landedAfterUndo = late.rc === 0 && undo !== undefined && late.end! > undo.end!;
    if (landedAfterUndo) {
      const swept = await eventually(
        async () => {
          const out = (await stack.http('GET', location)).body.output;
          return out.late_effects?.length ? out : undefined;
        },
        30_000,
        'the sweep to record the late define',
      );
      expect(swept.late_effects).toEqual([
        expect.objectContaining({ step: 'define user', action: 'undone' }),
      ]);
    } else {
      // landed before the undo (answered 400/8 or undone with the operation): nothing late
      expect((await stack.http('GET', location)).body.output.late_effects).toEqual([]);
    }
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('LATE01');
  });

  it('a held disk create: re-issued at once, undone with its user when a later disk fails', async () => {
    await kit().fault({
      function: 'Image_Disk_Create_DM',
      target: 'LATE04',
      match: '"vdev":"0100"',
      hang_ms: 8000,
    });
    await kit().fault({
      function: 'Image_Disk_Create_DM',
      target: 'LATE04',
      match: '"vdev":"0101"',
      rc: 596,
      rs: 3,
    });
    const res = await stack.http('POST', '/guests', {
      body: {
        guest: {
          userid: 'LATE04',
          vcpus: 1,
          memory: 512,
          disk_list: [{ size: '1g' }, { size: '1g' }],
        },
      },
      headers: { prefer: 'respond-async' },
    });
    expect(res.status).toBe(202);
    const held = await eventually(async () =>
      (await kit().calls('Image_Disk_Create_DM', 'LATE04')).find((c) => c.end === null),
    );
    await stack.killWorkerProcess();
    await stack.startWorkerProcess();
    const op = await final(res.headers.get('location')!);
    await eventually(async () =>
      (await kit().calls('Image_Disk_Create_DM', 'LATE04')).find(
        (c) => c.seq === held.seq && c.end !== null,
      ),
    );

    expect(op.status).toBe('failed');
    // the held create, at most one repeat of it, the refused second disk once
    expect((await kit().calls('Image_Disk_Create_DM', 'LATE04')).length).toBeLessThanOrEqual(3);
    await noOrphan('LATE04');
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('LATE04');
  });

  it('cancelled while the step is in doubt: no step after the cancel, the late define undone', async () => {
    await kit().fault({ function: 'Image_Create_DM', target: 'LATE02', hang_ms: 8000 });
    const location = await create('LATE02');
    const id = location.split('/').pop()!;
    // cancelled while no worker runs it (a resumed one would re-issue the define at once, as it
    // is safe to repeat): the redelivered job finds the cancel and only unwinds
    const held = await eventually(async () =>
      (await kit().calls('Image_Create_DM', 'LATE02')).find((c) => c.end === null),
    );
    await stack.killWorkerProcess();
    const cancelledAt = Math.max(...(await kit().log()).map((c) => c.seq));
    const cancel = await stack.http('POST', `/operations/${id}/cancel`, {
      headers: { prefer: 'respond-async' },
    });
    expect([200, 202]).toContain(cancel.status);
    await stack.startWorkerProcess();
    const op = await final(location);
    await landed('LATE02', held.seq);

    expect(op.status).toBe('cancelled');
    // nothing was issued after the cancel but reads and the undo
    const after = (await kit().log()).filter((c) => c.seq > cancelledAt && c.target === 'LATE02');
    expect(after.map((c) => c.function)).not.toEqual(expect.arrayContaining(['Image_Create_DM']));
    expect(after.map((c) => c.function)).not.toContain('Image_Disk_Create_DM');
    expect(await kit().calls('Image_Create_DM', 'LATE02')).toHaveLength(1);
    await noOrphan('LATE02');
    expect((await stack.http('GET', '/guests')).body.output).not.toContain('LATE02');
  });
  it('a re-create submitted after the cancel waits for the step in doubt, and keeps its user', async () => {
    await kit().fault({ function: 'Image_Create_DM', target: 'LATE03', hang_ms: 8000 });
    // the resumed worker settles the define (at once, by a repeat: it is safe to repeat) and goes
    // on: its first disk create is held so the cancel lands before a safe point (the second
    // disk's) however fast the rest goes; a cancel during the last step would come too late
    await kit().fault({ function: 'Image_Disk_Create_DM', target: 'LATE03', hold: true });
    const location = await create('LATE03', 2);
    const id = location.split('/').pop()!;
    const held = await killDuringDefine('LATE03');
    await eventually(
      async () => (await kit().calls('Image_Disk_Create_DM', 'LATE03')).find((c) => c.end === null),
      30_000,
      'the first disk create',
    );
    await stack.http('POST', `/operations/${id}/cancel`, { headers: { prefer: 'respond-async' } });
    await kit().release();
    // the first create has ended (needs_attention while its define may land): create again
    await eventually(async () =>
      (await stack.http('GET', location)).body.output.status === 'running' ? undefined : true,
    );
    const again = await create('LATE03');
    const first = await final(location);
    const second = await final(again);
    await landed('LATE03', held.seq);

    expect(first.status).toBe('cancelled');
    expect(second.status).toBe('succeeded');
    // the late define was undone before the second create ran: its user is the one left
    expect(await users()).toContain('LATE03');
    expect((await stack.http('GET', '/guests')).body.output).toContain('LATE03');
    const disks = await stack.http('GET', '/guests/LATE03/disks');
    expect(disks.body.output.minidisks.map((d: { vdev: string }) => d.vdev)).toEqual(['0100']);
  });
});
