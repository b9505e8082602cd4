import { trace } from '@opentelemetry/api';
import { loadConfig } from '#config';
import { OtlpReceiver, type ReceivedSpan } from '#testing';
import { hypervisorCall } from './hypervisor-call.js';
import {
  activeTraceparent,
  annotate,
  inSpan,
  linkTo,
  operationSpan,
  stepSpan,
  Traced,
} from './spans.js';
import { tracesUrl } from './sdk.js';
import { startTracing, stopTracing, tracing, type TracingSdk } from './tracing.js';

const byName = (spans: ReceivedSpan[], name: string) => {
  const found = spans.filter((s) => s.name === name);
  if (found.length !== 1) throw new Error(`${found.length} spans named ${name}`);
  return found[0];
};

describe('tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('starts no SDK and runs every callback as it is, without a span', async () => {
    expect(await startTracing(loadConfig({ DATA_DIR: '/tmp/hvo-otel' }), 'api')).toBeNull();
    expect(tracing()).toBe(false);
    const seen = await inSpan('x', {}, (span) =>
      Promise.resolve([span, trace.getActiveSpan(), activeTraceparent()]),
    );
    expect(seen).toEqual([undefined, undefined, undefined]);
    expect(linkTo('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01')).toEqual([]);
  });
});

describe('tracing on', () => {
  let receiver: OtlpReceiver;
  let sdk: TracingSdk;
  beforeAll(async () => {
    receiver = await OtlpReceiver.start();
    const cfg = loadConfig({
      DATA_DIR: '/tmp/hvo-otel',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    });
    sdk = (await startTracing(cfg, 'worker'))!;
  });
  afterAll(async () => {
    await stopTracing();
    await receiver.close();
  });
  const exported = async () => {
    await sdk.flush();
    return receiver.spans;
  };

  it('gives each step, undo and hypervisor call of a run the operation’s attributes', async () => {
    const op = { id: 'op-1', kind: 'guest.create', userid: 'U1' };
    await operationSpan('operation.run', op, [], async () => {
      await stepSpan('define user', () =>
        hypervisorCall(
          { kind: 'smapi', name: 'Image_Create_DM', target: 'U1' },
          () => Promise.resolve({ rc: 0, rs: 0, output: 'x' }),
          (r) => ({ rc: r.rc, rs: r.rs }),
        ),
      );
      const failing = stepSpan('create disk 0100', () =>
        Promise.reject(Object.assign(new Error('no room'), { rc: 596, rs: 3 })),
      );
      await expect(failing).rejects.toThrow('no room');
      await stepSpan('undo define user', () =>
        hypervisorCall(
          { kind: 'cp', name: 'QUERY USER U1' },
          () => Promise.resolve({ rc: 45, lines: [] }),
          (r) => ({ rc: r.rc }),
        ),
      );
    });
    const spans = await exported();
    const run = byName(spans, 'operation.run');
    expect(run.attributes).toMatchObject({
      'operation.id': 'op-1',
      'operation.kind': 'guest.create',
      'operation.userid': 'U1',
    });
    const step = byName(spans, 'step: define user');
    expect(step).toMatchObject({ parentSpanId: run.spanId, status: 0 });
    expect(byName(spans, 'SMAPI Image_Create_DM')).toMatchObject({
      parentSpanId: step.spanId,
      kind: 3,
      attributes: {
        'operation.id': 'op-1',
        'operation.kind': 'guest.create',
        'operation.userid': 'U1',
        'hv.call': 'smapi',
        'hv.function': 'Image_Create_DM',
        'hv.target': 'U1',
        'hv.rc': 0,
        'hv.rs': 0,
      },
    });
    expect(byName(spans, 'step: create disk 0100')).toMatchObject({
      status: 2,
      attributes: { 'operation.step.rc': 596, 'operation.step.rs': 3 },
    });
    const undo = byName(spans, 'undo: define user');
    expect(undo.attributes).toMatchObject({ 'operation.undo': true, 'operation.id': 'op-1' });
    // a CP span is named by its verb; the command, with its operands, is an attribute
    expect(byName(spans, 'CP QUERY')).toMatchObject({
      parentSpanId: undo.spanId,
      attributes: { 'hv.command': 'QUERY USER U1', 'hv.rc': 45 },
    });
  });

  it('links a later run to the span a traceparent named', async () => {
    const first = await inSpan('first run', {}, () => Promise.resolve(activeTraceparent()));
    expect(first).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const op = { id: 'op-2', kind: 'guest.start', userid: null };
    await operationSpan('later run', op, linkTo(first), () => Promise.resolve());
    const spans = await exported();
    const earlier = byName(spans, 'first run');
    expect(byName(spans, 'later run').links).toEqual([
      { traceId: earlier.traceId, spanId: earlier.spanId },
    ]);
    expect(byName(spans, 'later run').attributes['operation.userid']).toBeUndefined();
  });

  it('@Traced runs a method in a span named by it, attributes from its arguments', async () => {
    class Submitter {
      @Traced('operation.submit', (kind: string) => ({ 'operation.kind': kind }))
      submit(kind: string): Promise<string> {
        annotate({ 'operation.id': 'op-3' });
        return Promise.resolve(`${kind} queued`);
      }
    }
    expect(await new Submitter().submit('guest.deploy')).toBe('guest.deploy queued');
    expect(byName(await exported(), 'operation.submit').attributes).toEqual({
      'operation.kind': 'guest.deploy',
      'operation.id': 'op-3',
    });
  });

  it('does not count a job parked by BullMQ (DelayedError) as a failure', async () => {
    const parked = Object.assign(new Error('parked'), { name: 'DelayedError' });
    const op = { id: 'op-4', kind: 'guest.start', userid: 'U4' };
    await expect(operationSpan('parked run', op, [], () => Promise.reject(parked))).rejects.toBe(
      parked,
    );
    expect(byName(await exported(), 'parked run')).toMatchObject({
      status: 0,
      attributes: { 'operation.delayed': true },
    });
  });

  it('keeps BullMQ’s timers out of the traces, not a poll that fetched a job', async () => {
    for (const timer of ['getNextJob q', 'extendLocks q', 'moveStalledJobsToWait q']) {
      await inSpan(timer, {}, () => Promise.resolve());
    }
    await inSpan('job context', {}, () => inSpan('getNextJob busy', {}, () => Promise.resolve()));
    await inSpan('getNextJobs are not a timer', {}, () => Promise.resolve());
    const names = (await exported()).map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['getNextJob busy', 'getNextJobs are not a timer']),
    );
    for (const timer of ['getNextJob q', 'extendLocks q', 'moveStalledJobsToWait q']) {
      expect(names).not.toContain(timer);
    }
  });
});

describe('tracesUrl', () => {
  it('puts the traces path under the configured base, as OTLP/HTTP does', () => {
    expect(tracesUrl('http://collector:4318')).toBe('http://collector:4318/v1/traces');
    expect(tracesUrl('https://c.example/otlp/')).toBe('https://c.example/otlp/v1/traces');
  });
});
