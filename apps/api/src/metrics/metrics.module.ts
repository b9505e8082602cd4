import { Module } from '@nestjs/common';
import { AdmissionMetrics } from './admission.metrics.js';
import { DatabaseMetrics } from './database.metrics.js';
import { DriftMetrics } from './drift.metrics.js';
import { HttpMetrics } from './http.metrics.js';
import { LogMetrics } from './log.metrics.js';
import { LoopStallMetrics } from './loop-stall.metrics.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsRegistry } from './metrics.registry.js';
import { OperationMetrics } from './operation.metrics.js';
import { QueueMetrics } from './queue.metrics.js';
import { WebhookMetrics } from './webhook.metrics.js';

/** Prometheus metrics of the api process, at GET /metrics. */
@Module({
  controllers: [MetricsController],
  providers: [
    MetricsRegistry,
    AdmissionMetrics,
    DatabaseMetrics,
    DriftMetrics,
    HttpMetrics,
    LogMetrics,
    LoopStallMetrics,
    OperationMetrics,
    QueueMetrics,
    WebhookMetrics,
  ],
})
export class MetricsModule {}
