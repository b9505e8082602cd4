import { Injectable } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import { JOB_CATALOGUE, JOB_NAMES } from '#jobs';
import { type InDoubtOutcome, type UndoOutcome, WorkMeter } from '#telemetry';
import { WorkerMetricsRegistry } from './worker-metrics.registry.js';

/** From a few milliseconds (fast simulator) to half an hour (a deploy of a large image). */
const WORK_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];
/** One hypervisor call: milliseconds on a quiet system, up to the call timeout. */
const CALL_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

const ENDINGS = ['succeeded', 'failed', 'cancelled', 'needs_attention'];
const UNDO_OUTCOMES: UndoOutcome[] = ['done', 'left'];
const DOUBT_OUTCOMES: InDoubtOutcome[] = ['adopted', 'absent', 'left'];

/**
 * The worker's WorkMeter as Prometheus metrics. Rare events' series (undo runs, doubts,
 * needs_attention) exist at zero from the start for every operation kind, so a rate over them
 * has a value before the first one happens.
 */
@Injectable()
export class PromWorkMeter extends WorkMeter {
  private readonly started: Counter<'kind'>;
  private readonly ended: Counter<'kind' | 'status'>;
  private readonly operationSeconds: Histogram<'kind' | 'status'>;
  private readonly stepSeconds: Histogram<'kind' | 'result'>;
  private readonly undos: Counter<'kind' | 'outcome'>;
  private readonly doubts: Counter<'kind' | 'outcome'>;
  private readonly calls: Counter<'function' | 'rc'>;
  private readonly callSeconds: Histogram<'function' | 'rc'>;

  constructor(metrics: WorkerMetricsRegistry) {
    super();
    const registers = [metrics.registry];
    this.started = new Counter({
      name: 'hvo_worker_operations_started_total',
      help: 'Operation runs this worker started (first runs and resumptions), by kind.',
      labelNames: ['kind'],
      registers,
    });
    this.ended = new Counter({
      name: 'hvo_worker_operations_ended_total',
      help: 'Operations this worker ended, by kind and status (needs_attention: undo left).',
      labelNames: ['kind', 'status'],
      registers,
    });
    this.operationSeconds = new Histogram({
      name: 'hvo_worker_operation_duration_seconds',
      help: 'Time from an operation starting to run to its end, by kind and status.',
      labelNames: ['kind', 'status'],
      buckets: WORK_BUCKETS,
      registers,
    });
    this.stepSeconds = new Histogram({
      name: 'hvo_worker_step_duration_seconds',
      help: 'Time each step took (undo steps too), by operation kind and result.',
      labelNames: ['kind', 'result'],
      buckets: WORK_BUCKETS,
      registers,
    });
    this.undos = new Counter({
      name: 'hvo_worker_undo_runs_total',
      help: "Rollbacks of an operation's done steps, by kind and outcome (left: some undo failed).",
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.doubts = new Counter({
      name: 'hvo_worker_in_doubt_settles_total',
      help:
        'Steps in doubt settled, by kind and outcome: adopted (found done), absent (found ' +
        'not done), left (to probe again later).',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.calls = new Counter({
      name: 'hvo_worker_hypervisor_calls_total',
      help:
        'Calls to the hypervisor by function (API function, CP verb, management operation) ' +
        'and rc (none: no answer).',
      labelNames: ['function', 'rc'],
      registers,
    });
    this.callSeconds = new Histogram({
      name: 'hvo_worker_hypervisor_call_duration_seconds',
      help: 'Time each call to the hypervisor took, by function and rc.',
      labelNames: ['function', 'rc'],
      buckets: CALL_BUCKETS,
      registers,
    });
    for (const kind of JOB_NAMES.filter((k) => !JOB_CATALOGUE[k].system)) {
      this.started.inc({ kind }, 0);
      for (const status of ENDINGS) this.ended.inc({ kind, status }, 0);
      for (const outcome of UNDO_OUTCOMES) this.undos.inc({ kind, outcome }, 0);
      for (const outcome of DOUBT_OUTCOMES) this.doubts.inc({ kind, outcome }, 0);
    }
  }

  operationStarted(kind: string): void {
    this.started.inc({ kind });
  }

  operationEnded(kind: string, status: string, seconds: number | null): void {
    this.ended.inc({ kind, status });
    if (seconds !== null) this.operationSeconds.observe({ kind, status }, seconds);
  }

  stepEnded(kind: string, result: string, seconds: number): void {
    this.stepSeconds.observe({ kind, result }, seconds);
  }

  undoRun(kind: string, outcome: UndoOutcome): void {
    this.undos.inc({ kind, outcome });
  }

  inDoubtSettled(kind: string, outcome: InDoubtOutcome): void {
    this.doubts.inc({ kind, outcome });
  }

  hypervisorCall(fn: string, rc: string, seconds: number): void {
    this.calls.inc({ function: fn, rc });
    this.callSeconds.observe({ function: fn, rc }, seconds);
  }
}
