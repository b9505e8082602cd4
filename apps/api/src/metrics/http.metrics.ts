import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Histogram } from 'prom-client';
import { answeredRoute } from '../http/answered-route.js';
import { MetricsRegistry } from './metrics.registry.js';

/** Up to the longest synchronous wait for an operation (SYNC_WAIT_MAX_S defaults to 600). */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/** Latency of every HTTP answer, by method, route pattern and status. */
@Injectable()
export class HttpMetrics {
  private readonly duration: Histogram<'method' | 'route' | 'status_code'>;

  constructor(metrics: MetricsRegistry) {
    this.duration = new Histogram({
      name: 'hvo_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method, route pattern (unmatched: 404/405) and status.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: BUCKETS,
      registers: [metrics.registry],
    });
  }

  /** Observes every answer of `fastify`, including the dashboard, docs and routing misses. */
  attach(fastify: FastifyInstance): void {
    fastify.addHook('onResponse', (req, reply, done) => {
      this.observe(req, reply);
      done();
    });
  }

  private observe(req: FastifyRequest, reply: FastifyReply): void {
    // the pattern, never the raw URL: one series per route, not one per guest
    const route = answeredRoute(req) ?? 'unmatched';
    this.duration.observe(
      { method: req.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  }
}
