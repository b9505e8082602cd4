import { eventually, request } from '../support/http.js';
import { importSampleImage } from '../support/sample-image.js';
import { TestStack } from '../support/stack.js';
import { type Call, crashKit } from './support/crash-kit.js';

/**
 * Issue #58 item 1: a call in doubt costs seconds, not the transport's call timeout. Calls lost
 * in a 3 s hypervisor outage, or answered by a transport HTTP 500, are read back at once and
 * re-issued when safe to repeat, so their operations end soon after the hypervisor is back,
 * each effect made once. HV_CALL_TIMEOUT_S is 120 here: waiting out the window (its former
 * behaviour) would take over two minutes, far beyond what is asserted.
 */
describe('faults: calls in doubt settled at once', () => {
  let stack: TestStack;
  let kit: ReturnType<typeof crashKit>;
  beforeAll(async () => {
    stack = await TestStack.start({
      worker: 'process',
      latency: 'realistic',
      env: {
        HV_CALL_TIMEOUT_S: '120',
        HV_OUTAGE_BUDGET_S: '120',
        WORKER_LOCK_S: '2',
        RECONCILE_INTERVAL_S: '1',
      },
    });
    kit = crashKit(stack);
  });
  afterAll(() => stack.close());

  const submit = async (method: string, path: string, body: object) => {
    const res = await stack.http(method, path, { body, headers: { prefer: 'respond-async' } });
    expect(res.status).toBe(202);
    return res.headers.get('location')!;
  };
  /** Calls that took effect (rc 0), by function and target, over the logs given. */
  const applied = (logs: Call[][], fn: string, target: string) =>
    logs.flat().filter((c) => c.function === fn && c.target === target && c.rc === 0).length;

  it('a 3 s outage during 10 creates and 10 deploys: all succeed soon after, none repeated', async () => {
    await importSampleImage(stack, 'doubt-img');
    const deployed = Array.from({ length: 10 }, (_, i) => `DDP${String(i).padStart(2, '0')}`);
    const created = Array.from({ length: 10 }, (_, i) => `DCR${String(i).padStart(2, '0')}`);
    // the guests the deploys go to, made before
    await Promise.all(
      deployed.map(async (userid) => {
        const res = await stack.http('POST', '/guests', {
          body: { guest: { userid, vcpus: 1, memory: 512, disk_list: [{ size: '10' }] } },
        });
        expect(res.status).toBe(200);
      }),
    );
    const locations = await Promise.all([
      ...created.map((userid) =>
        submit('POST', '/guests', {
          guest: {
            userid,
            vcpus: 1,
            memory: 512,
            disk_list: [{ size: '1g' }, { size: '1g', format: 'ext4' }],
          },
        }),
      ),
      ...deployed.map((userid) =>
        submit('POST', `/guests/${userid}/action`, {
          action: 'deploy',
          image: 'doubt-img',
          hostname: `${userid.toLowerCase()}.example.com`,
        }),
      ),
    ]);
    // the hypervisor goes while image copies and creates' calls are in flight (a punch lost
    // in it is read back but not safe to repeat: it would wait out its window, so the outage
    // comes once the deploys' punches are done)
    let before: Call[];
    const deadline = Date.now() + 90_000;
    for (;;) {
      before = await kit.log();
      const open = before.filter((c) => c.end === null);
      const copying = open.filter((c) => c.function === 'unpackdiskimage').length;
      const punching = open.some((c) => c.function === 'punch');
      if (copying >= 3 && open.length >= 6 && !punching) break;
      if (Date.now() > deadline) throw new Error('never found calls in flight to lose');
      await new Promise((r) => setTimeout(r, 50));
    }
    await stack.stopSimulator();
    await new Promise((r) => setTimeout(r, 3000));
    await stack.restartSimulator();
    const back = Date.now();

    const ops = await Promise.all(locations.map((l) => kit.ended(l)));
    const notOk = ops.filter((o) => o.status !== 'succeeded');
    expect(
      notOk.map((o) => ({ target: o.target, steps: o.steps, why: o.response?.errmsg })),
    ).toEqual([]);
    // within 30 s of the restart as the issue asks; asserted loosely (a loaded machine): the
    // former wait for the window would be over 120 s
    const late = ops.map((o) => Date.parse(o.finished_at as string) - back);
    expect(Math.max(...late)).toBeLessThan(60_000);
    const after = await kit.log();
    for (const userid of created) {
      // a define lost in the outage but kept by the hypervisor is adopted, not made again
      expect(applied([before, after], 'Image_Create_DM', userid)).toBeLessThanOrEqual(1);
      const disks = await stack.http('GET', `/guests/${userid}/disks`);
      expect(disks.body.output.minidisks.map((d: { vdev: string }) => d.vdev)).toEqual([
        '0100',
        '0101',
      ]);
    }
    for (const userid of deployed) {
      // each punch made once: the outage came after them
      expect(applied([before, after], 'punch', userid)).toBe(2);
      expect(applied([before, after], 'unpackdiskimage', userid)).toBeLessThanOrEqual(1);
    }
    const users = (await request(stack.simUrl, 'GET', '/admin/state')).body.users as {
      userid: string;
    }[];
    for (const userid of [...created, ...deployed]) {
      expect(users.filter((u) => u.userid === userid)).toHaveLength(1);
    }
  }, 300_000);

  it('a punch lost in an outage that restarted the hypervisor: read back, punched again at once', async () => {
    await importSampleImage(stack, 'punch-img');
    const created = await stack.http('POST', '/guests', {
      body: { guest: { userid: 'DPU01', vcpus: 1, memory: 512, disk_list: [{ size: '10' }] } },
    });
    expect(created.status).toBe(200);
    // the first punch is held past the outage: it never lands on the hypervisor that comes back
    await kit.fault({ function: 'punch', target: 'DPU01', hang_ms: 8000, times: 1 });
    const location = await submit('POST', '/guests/DPU01/action', {
      action: 'deploy',
      image: 'punch-img',
      hostname: 'dpu01.example.com',
    });
    const held = await eventually(async () =>
      (await kit.calls('punch', 'DPU01')).find((c) => c.end === null && c.input === 'complete'),
    );
    await stack.stopSimulator();
    await new Promise((r) => setTimeout(r, 3000));
    await stack.restartSimulator();
    const back = Date.now();

    const op = await kit.ended(location);
    expect({ status: op.status, steps: op.steps }).toEqual({
      status: 'succeeded',
      steps: expect.anything(),
    });
    // not read back, and not safe to repeat: its window (over 120 s here) was waited out before
    expect(Date.parse(op.finished_at as string) - back).toBeLessThan(60_000);
    // punched again once the restart was seen, each file once in the reader
    expect((await kit.simUser('DPU01'))!.reader.map((f: { name: string }) => f.name)).toEqual([
      'iucvauth.sh',
      'hostname.sh',
    ]);
    // the stopped simulator's held call ends (unseen) before the stack does
    await new Promise((r) => setTimeout(r, Math.max(0, held.start + 10_000 - Date.now())));
  }, 180_000);

  it('one transport HTTP 500 on a disk create: the synchronous create ends seconds later', async () => {
    await kit.fault({
      function: 'Image_Disk_Create_DM',
      target: 'DHT01',
      crash: 'http500',
      times: 1,
    });
    const t0 = Date.now();
    const res = await stack.http('POST', '/guests', {
      body: { guest: { userid: 'DHT01', vcpus: 1, memory: 512, disk_list: [{ size: '1g' }] } },
    });
    const took = Date.now() - t0;
    expect(res.status).toBe(200);
    // a create takes about 4 s here; the issue asks ≤ 10 s more; the former wait was 130 s
    expect(took).toBeLessThan(40_000);
    const disks = await stack.http('GET', '/guests/DHT01/disks');
    expect(disks.body.output.minidisks.map((d: { vdev: string }) => d.vdev)).toEqual(['0100']);
    expect(applied([await kit.log()], 'Image_Disk_Create_DM', 'DHT01')).toBe(1);
  }, 120_000);
});
