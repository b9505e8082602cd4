import { Logger } from '@nestjs/common';
import type { JobWaiter, OperationEvent } from '#operations';
import type {
  OperationCount,
  OperationRecord,
  OperationStatsRepository,
  OperationsRepository,
} from '#persistence';
import { MetricsRegistry } from './metrics.registry.js';
import { OperationMetrics } from './operation.metrics.js';
import { strictMock } from '#testing/jest';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

function operation(patch: Partial<OperationRecord>): OperationRecord {
  return {
    id: 'op-1',
    kind: 'guest.create',
    queue: 'guest-lifecycle',
    target: 'G1',
    status: 'succeeded',
    request: {},
    steps: [],
    progress: 100,
    response: null,
    httpStatus: 200,
    attempts: 1,
    idempotencyKey: null,
    requestHash: null,
    createdAt: at(0),
    startedAt: at(2),
    finishedAt: at(7),
    updatedAt: at(7),
    ...patch,
  };
}

describe('OperationMetrics', () => {
  let registry: MetricsRegistry;
  let rows: Map<string, OperationRecord>;
  let counts: () => Promise<OperationCount[]>;
  let emit: (e: OperationEvent) => void;
  let sut: OperationMetrics;

  beforeAll(() => Logger.overrideLogger(false)); // the failure test logs a warning

  beforeEach(() => {
    registry = new MetricsRegistry();
    rows = new Map();
    counts = () => Promise.resolve([]);
    const waiter = strictMock<JobWaiter>({
      waiting: 2,
      onAny: (listener: (e: OperationEvent) => void) => {
        emit = listener;
        return () => undefined;
      },
    });
    const ops = { get: (id: string) => Promise.resolve(rows.get(id) ?? null) };
    const stats = { countByKindAndStatus: () => counts() };
    sut = new OperationMetrics(
      registry,
      waiter,
      ops as unknown as OperationsRepository,
      stats as unknown as OperationStatsRepository,
    );
    sut.onModuleInit();
  });

  afterEach(() => registry.registry.clear());

  const scrape = () => registry.scrape();
  const settle = () => new Promise((r) => setImmediate(r));

  it('observes queued and running time once per ended operation', async () => {
    rows.set('op-1', operation({}));
    emit({ type: 'completed', id: 'op-1' });
    emit({ type: 'completed', id: 'op-1' }); // delivered again
    await settle();
    const text = await scrape();
    expect(text).toContain('hvo_operation_queued_seconds_sum{kind="guest.create"} 2\n');
    expect(text).toContain('hvo_operation_queued_seconds_count{kind="guest.create"} 1\n');
    expect(text).toContain('hvo_operation_running_seconds_sum{kind="guest.create"} 5\n');
    expect(text).toContain('hvo_operation_running_seconds_count{kind="guest.create"} 1\n');
  });

  it('ignores polled events, other event types, and operations not ended or never started', async () => {
    rows.set('polled', operation({ id: 'polled' }));
    rows.set('requeued', operation({ id: 'requeued', status: 'queued', finishedAt: null }));
    rows.set('refused', operation({ id: 'refused', status: 'failed', startedAt: null }));
    emit({ type: 'completed', id: 'polled', polled: true });
    emit({ type: 'active', id: 'polled' });
    emit({ type: 'failed', id: 'requeued' });
    emit({ type: 'failed', id: 'refused' });
    emit({ type: 'completed', id: 'gone' });
    await settle();
    expect(await scrape()).not.toMatch(/hvo_operation_(queued|running)_seconds_count/);
  });

  it('reads operation counts at scrape time, every known kind and status included', async () => {
    counts = () => Promise.resolve([{ kind: 'guest.create', status: 'succeeded', count: 3 }]);
    const text = await scrape();
    expect(text).toContain('hvo_operations{kind="guest.create",status="succeeded"} 3\n');
    expect(text).toContain('hvo_operations{kind="guest.stop",status="failed"} 0\n');
    expect(text).toContain('hvo_operation_waiters 2\n');
  });

  it('still answers a scrape, without operation counts, when the database fails', async () => {
    counts = () => Promise.reject(new Error('database down'));
    const text = await scrape();
    expect(text).not.toMatch(/^hvo_operations\{/m);
    expect(text).toContain('hvo_operation_waiters 2\n');
  });
});
