import { randomBytes } from 'node:crypto';
import { eventually, request } from './support/http.js';
import { OtlpReceiver, type ReceivedSpan } from '#testing';
import { importSampleImage } from './support/sample-image.js';
import { TestStack } from './support/stack.js';
import { bootDisk, guestBody } from './support/fixtures.js';

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;
const ERROR = 2;

/** A client's own trace: its traceparent header, and the ids the service must continue. */
function clientTrace() {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
}

function one(spans: ReceivedSpan[], what: string, pick: (s: ReceivedSpan) => boolean) {
  const found = spans.filter(pick);
  if (found.length !== 1) {
    const names = spans.map((s) => `${s.name} (${s.spanId} < ${s.parentSpanId})`).join('\n  ');
    throw new Error(`${found.length} spans for ${what} among:\n  ${names}`);
  }
  return found[0];
}

/** A run that ran (a delivery that found its guest busy is parked, and has no attempt). */
const ran = (s: ReceivedSpan) => s.name === 'operation.run' && 'operation.attempt' in s.attributes;

const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) =>
  spans.filter((s) => s.parentSpanId === parent.spanId);

/**
 * Issue #26, traces: one trace from the client's request through the submit, the job in the
 * queue and the worker's run to every step, undo and hypervisor call, exported over OTLP/HTTP
 * to the configured endpoint (here a receiver inside the test), over both transports.
 */
describe.each(['simulator', 'smapi'] as const)('traces over HV_TRANSPORT=%s', (transport) => {
  let receiver: OtlpReceiver;
  let stack: TestStack;
  beforeAll(async () => {
    receiver = await OtlpReceiver.start();
    stack = await TestStack.start({
      worker: 'process',
      transport,
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '100', // the SDK's own setting: export within 0.1 s
        WORKER_LOCK_S: '1', // a killed worker's operation resumes soon
      },
    });
    await importSampleImage(stack, 'trace-img');
  });
  afterAll(async () => {
    await stack?.close();
    await receiver?.close();
  });

  const operationOf = async (kind: string) => {
    const history = (await stack.http('GET', '/guests/TRC01/operations')).body.output.operations;
    return history.find((o: { kind: string }) => o.kind === kind) as { id: string };
  };
  const traced = (t: ReturnType<typeof clientTrace>, requestId: string) => ({
    traceparent: t.traceparent,
    'x-request-id': requestId,
  });

  it('continues the client’s trace through a guest create to each SMAPI call', async () => {
    const t = clientTrace();
    const res = await stack.http('POST', '/guests', {
      body: guestBody({ userid: 'TRC01', memory: 1024, disks: [bootDisk('10')] }),
      headers: traced(t, 'trace-create-1'),
    });
    expect(res.status).toBe(200);
    const spans = await receiver.until(() => {
      const all = receiver.trace(t.traceId);
      return all.some((s) => s.kind === SERVER) && all.some((s) => s.name === 'operation.run')
        ? all
        : undefined;
    }, 'the create trace');
    const op = await operationOf('guest.create');
    const define = one(spans, 'Image_Create_DM', (s) => s.name === 'SMAPI Image_Create_DM');
    expect(define).toMatchObject({
      kind: CLIENT,
      service: 'hv-orchestrator-worker',
      attributes: {
        'hv.call': 'smapi',
        'hv.function': 'Image_Create_DM',
        'hv.target': 'TRC01',
        'hv.rc': 0,
        'hv.rs': 0,
        'operation.id': op.id,
        'operation.kind': 'guest.create',
        'operation.userid': 'TRC01',
      },
    });
    const step = one(spans, 'its step', (s) => s.spanId === define.parentSpanId);
    expect(step.name).toBe('step: define user');
  });

  it('traces a read’s hypervisor calls under its request', async () => {
    const t = clientTrace();
    const res = await stack.http('GET', '/guests/TRC01/power_state', {
      headers: traced(t, 'trace-read-1'),
    });
    expect(res.status).toBe(200);
    const spans = await receiver.until(() => {
      const all = receiver.trace(t.traceId);
      return all.some((s) => s.kind === SERVER) ? all : undefined;
    }, 'the read trace');
    const req = one(spans, 'the request', (s) => s.kind === SERVER);
    expect(req).toMatchObject({
      name: 'GET /guests/:userid/power_state',
      parentSpanId: t.spanId,
      service: 'hv-orchestrator-api',
    });
    const calls = spans.filter((s) => s.kind === CLIENT);
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) expect(c.parentSpanId).toBe(req.spanId);
  });

  it('makes one trace of a deploy: request, submit, job, run, each step and hypervisor call', async () => {
    const t = clientTrace();
    const res = await stack.http('POST', '/guests/TRC01/action', {
      body: { action: 'deploy', image: 'trace-img', hostname: 'trc01.example.com' },
      headers: traced(t, 'trace-deploy-1'),
    });
    expect(res.status).toBe(200);
    const op = await operationOf('guest.deploy');
    const spans = await receiver.until(() => {
      const all = receiver.trace(t.traceId);
      const done = all.some((s) => s.name === 'step: record os version');
      // spans end inside out and are sent in batches: the job's delivery, the run's parent,
      // ends after the run and its last step, and may come in a later batch
      const run = all.find(ran);
      const delivered = all.some((s) => s.kind === CONSUMER && s.spanId === run?.parentSpanId);
      return done && delivered && all.some((s) => s.kind === SERVER) ? all : undefined;
    }, 'the deploy trace');

    const req = one(spans, 'the request', (s) => s.kind === SERVER);
    expect(req).toMatchObject({
      name: 'POST /guests/:userid/action',
      parentSpanId: t.spanId, // the client's traceparent is honoured
      service: 'hv-orchestrator-api',
      attributes: { 'http.request.header.x-request-id': 'trace-deploy-1' },
    });
    const submit = one(spans, 'the submit', (s) => s.name === 'operation.submit');
    expect(submit).toMatchObject({
      parentSpanId: req.spanId,
      attributes: {
        'operation.id': op.id,
        'operation.kind': 'guest.deploy',
        'operation.userid': 'TRC01',
      },
    });
    const add = one(spans, 'the job added', (s) => s.kind === PRODUCER);
    expect(add).toMatchObject({ parentSpanId: submit.spanId, service: 'hv-orchestrator-api' });
    // (more than one delivery when the job waited for its guest's turn)
    const deliveries = spans.filter((s) => s.kind === CONSUMER);
    for (const d of deliveries) {
      expect(d).toMatchObject({ parentSpanId: add.spanId, service: 'hv-orchestrator-worker' });
    }
    const run = one(spans, 'the run', ran);
    expect(deliveries.map((d) => d.spanId)).toContain(run.parentSpanId);
    expect(run).toMatchObject({
      attributes: { 'operation.id': op.id, 'operation.attempt': 1 },
      links: [],
    });
    const steps = childrenOf(spans, run).filter((s) => s.name.startsWith('step: '));
    expect(steps.map((s) => s.name)).toEqual([
      'step: punch iucv authorisation',
      'step: punch host name',
      'step: copy image',
      'step: record os version',
    ]);
    const calls = spans.filter((s) => s.kind === CLIENT);
    expect(calls.map((c) => c.name)).toEqual(
      expect.arrayContaining(['mgmt punch', 'mgmt unpackdiskimage']),
    );
    for (const c of calls) {
      expect(steps.map((s) => s.spanId)).toContain(c.parentSpanId);
      expect(c.attributes).toMatchObject({
        'operation.id': op.id,
        'operation.kind': 'guest.deploy',
        'operation.userid': 'TRC01',
        'hv.rc': 0,
      });
      expect(c.attributes['hv.command'] ?? c.attributes['hv.function']).toBeTruthy();
    }
    // every span naming the operation is in the client's trace
    const ofOp = receiver.spans.filter((s) => s.attributes['operation.id'] === op.id);
    expect(new Set(ofOp.map((s) => s.traceId))).toEqual(new Set([t.traceId]));
    const view = (await stack.http('GET', `/operations/${op.id}`)).body.output;
    expect(view).toMatchObject({ trace_id: t.traceId, request_id: 'trace-deploy-1' });
    // the api's and the worker's JSON lines of the operation carry the same ids
    const logLines = (out: string) =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const apiLine = await eventually(() =>
      Promise.resolve(
        logLines(stack.apiOutput()).find(
          (l) => l.msg === 'request' && l.request_id === 'trace-deploy-1',
        ),
      ),
    );
    expect(apiLine).toMatchObject({ operation_id: op.id, trace_id: t.traceId });
    const workerLines = await eventually(() => {
      const mine = logLines(stack.workerOutput()).filter((l) => l.operation_id === op.id);
      return Promise.resolve(mine.some((l) => l.msg === 'operation ended') ? mine : undefined);
    }, 10000);
    for (const l of workerLines) {
      expect(l).toMatchObject({ request_id: 'trace-deploy-1', trace_id: t.traceId });
    }
    expect(receiver.rejected).toEqual([]);
  });

  it('has a span per undo when a deploy fails', async () => {
    await request(stack.simUrl, 'POST', '/admin/faults', {
      body: { function: 'unpackdiskimage', target: 'TRC01', rc: 8 },
    });
    const t = clientTrace();
    const res = await stack.http('POST', '/guests/TRC01/action', {
      body: { action: 'deploy', image: 'trace-img', hostname: 'trc01.example.com' },
      headers: traced(t, 'trace-deploy-2'),
    });
    expect(res.status).not.toBe(200);
    const spans = await receiver.until(() => {
      const all = receiver.trace(t.traceId);
      const undone = all.some((s) => s.name === 'undo: punch iucv authorisation');
      return undone && all.some(ran) ? all : undefined;
    }, 'the failed deploy trace');
    const run = one(spans, 'the run', ran);
    expect(childrenOf(spans, run).map((s) => s.name)).toEqual([
      'step: punch iucv authorisation',
      'step: punch host name',
      'step: copy image',
      'undo: punch host name',
      'undo: punch iucv authorisation',
    ]);
    const copy = one(spans, 'the failed step', (s) => s.name === 'step: copy image');
    expect(copy.status).toBe(ERROR);
    const unpack = one(spans, 'the failed call', (s) => s.name === 'mgmt unpackdiskimage');
    expect(unpack).toMatchObject({ parentSpanId: copy.spanId, attributes: { 'hv.rc': 8 } });
    for (const undo of spans.filter((s) => s.name.startsWith('undo: '))) {
      expect(undo.attributes['operation.undo']).toBe(true);
      expect(childrenOf(spans, undo).length).toBeGreaterThan(0); // its purge
    }
  });

  it('links a resumed run to its first attempt', async () => {
    await request(stack.simUrl, 'POST', '/admin/faults', {
      body: { function: 'unpackdiskimage', target: 'TRC01', hang_ms: 4000 },
    });
    const t = clientTrace();
    const res = await stack.http('POST', '/guests/TRC01/action', {
      body: { action: 'deploy', image: 'trace-img', hostname: 'trc01.example.com' },
      headers: { ...traced(t, 'trace-deploy-3'), prefer: 'respond-async' },
    });
    expect(res.status).toBe(202);
    // the first attempt's finished steps are exported; it is killed in the image copy
    const firstStep = await receiver.until(
      () => receiver.trace(t.traceId).find((s) => s.name === 'step: punch host name'),
      'the first attempt’s steps',
    );
    await stack.killWorkerProcess();
    await stack.startWorkerProcess();
    const op = await eventually(async () => {
      const r = await stack.http('GET', res.headers.get('location')!);
      return ['succeeded', 'failed'].includes(r.body.output.status) ? r.body.output : undefined;
    }, 40_000);
    expect(op).toMatchObject({ status: 'succeeded', attempts: 2 });
    const resumed = await receiver.until(
      () =>
        receiver.trace(t.traceId).find((s) => ran(s) && s.attributes['operation.attempt'] === 2),
      'the resumed run',
    );
    expect(resumed.links).toEqual([{ traceId: t.traceId, spanId: firstStep.parentSpanId }]);
  });
});
