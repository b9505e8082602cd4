import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '#auth';
import type { Config } from '#config';
import { WorkMeter } from '#telemetry';
import { MetricsServer } from './metrics-server.js';
import { PromWorkMeter } from './prom-work-meter.js';
import { QueueDepthMetrics } from './queue-depth.metrics.js';
import { WorkerMetricsRegistry } from './worker-metrics.registry.js';

/**
 * A worker's Prometheus metrics, served when WORKER_METRICS_PORT is set: its WorkMeter
 * (global, so the operations and hypervisor libs find it) and its queues' depth. Off (no
 * meter, nothing measured) at port 0.
 */
@Module({})
export class WorkerMetricsModule {
  static forRoot(config: Config): DynamicModule {
    if (!config.WORKER_METRICS_PORT) return { module: WorkerMetricsModule };
    return {
      module: WorkerMetricsModule,
      global: true,
      imports: [AuthModule],
      providers: [
        WorkerMetricsRegistry,
        PromWorkMeter,
        { provide: WorkMeter, useExisting: PromWorkMeter },
        QueueDepthMetrics,
        MetricsServer,
      ],
      exports: [WorkMeter],
    };
  }
}
