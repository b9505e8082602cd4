import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Histogram, type Registry } from 'prom-client';
import { repoRoot } from '#config';
import { MetricsRegistry } from '../../../api/src/metrics/metrics.registry.js';
import { OperationMetrics } from '../../../api/src/metrics/operation.metrics.js';
import { QueueMetrics } from '../../../api/src/metrics/queue.metrics.js';
import { PromWorkMeter } from './prom-work-meter.js';
import { QueueDepthMetrics } from './queue-depth.metrics.js';
import { WorkerMetricsRegistry } from './worker-metrics.registry.js';

const DEPLOY_FILES = ['deploy/prometheus/alerts.yml', 'deploy/grafana/hv-orchestrator.json'];
const HISTOGRAM_SERIES = /_(bucket|sum|count)$/;

/** The metrics a registry holds (name → type), without collecting them (no Redis, no database). */
function namesOf(registry: Registry): Map<string, string> {
  return new Map(
    registry
      .getMetricsAsArray()
      .map((m) => [(m as { name: string }).name, m instanceof Histogram ? 'histogram' : 'other']),
  );
}

/** What the api's and a worker's code register, built as they build it (no database needed). */
function registered(): Map<string, string> {
  const worker = new WorkerMetricsRegistry();
  new PromWorkMeter(worker);
  new QueueDepthMetrics(worker, { WORKER_QUEUES: [] } as never, {} as never);
  const api = new MetricsRegistry();
  new OperationMetrics(api, {} as never, {} as never, {} as never);
  new QueueMetrics(api, {} as never, {} as never);
  const workerNames = namesOf(worker.registry);
  const apiNames = namesOf(api.registry);
  return new Map([...apiNames, ...workerNames]);
}

/** Whether `series` (as a query names it) is one of `known`'s metrics or a histogram's series. */
function isKnown(series: string, known: Map<string, string>): boolean {
  if (known.has(series)) return true;
  const base = series.replace(HISTOGRAM_SERIES, '');
  return base !== series && known.get(base) === 'histogram';
}

describe('deploy/ names only metrics the code registers (issue #59 item 5)', () => {
  it.each(DEPLOY_FILES)('%s', (file) => {
    const text = readFileSync(join(repoRoot(), file), 'utf8');
    const known = registered();
    const used = [...new Set(text.match(/\bhvo_[a-z0-9_]+/g) ?? [])];
    expect(used.length).toBeGreaterThanOrEqual(3);
    expect(used.filter((name) => !isKnown(name, known))).toEqual([]);
  });

  it('a worker and an api in one process register no name twice', () => {
    // separate registries already keep them apart; the prefixes keep their own names apart too
    const worker = new WorkerMetricsRegistry();
    new PromWorkMeter(worker);
    new QueueDepthMetrics(worker, { WORKER_QUEUES: [] } as never, {} as never);
    const api = new MetricsRegistry();
    new OperationMetrics(api, {} as never, {} as never, {} as never);
    const apiNames = namesOf(api.registry);
    const own = [...namesOf(worker.registry).keys()].filter((n) => n.startsWith('hvo_'));
    expect(own.every((n) => n.startsWith('hvo_worker_'))).toBe(true);
    expect(own.filter((n) => apiNames.has(n))).toEqual([]);
  });

  it('catches a name the code does not register', () => {
    const known = registered();
    expect(isKnown('hvo_worker_step_duration_seconds_bucket', known)).toBe(true);
    expect(isKnown('hvo_worker_operations_started_total', known)).toBe(true);
    expect(isKnown('hvo_worker_operations_started_total_count', known)).toBe(false);
    expect(isKnown('hvo_worker_no_such_metric', known)).toBe(false);
  });
});
