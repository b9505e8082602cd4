import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsRegistry } from './metrics.registry.js';

/** What the api's admission lines hold now (turn-admission.ts). */
export interface AdmissionLines {
  /** New connections accepted and not yet read (FirstReadGate). */
  connectionsWaiting(): number;
  /** Requests read and waiting for their turn to go on (the request slicer). */
  requestsWaiting(): number;
}

/**
 * How far behind a burst the api is: both lines are empty under ordinary load, so a value above
 * zero at a scrape means clients are waiting to be read or let in, and a probe on a new
 * connection waits behind them.
 */
@Injectable()
export class AdmissionMetrics {
  private lines?: AdmissionLines;

  constructor(metrics: MetricsRegistry) {
    const read = (f: (l: AdmissionLines) => number) => () => (this.lines ? f(this.lines) : 0);
    const connections = read((l) => l.connectionsWaiting());
    const requests = read((l) => l.requestsWaiting());
    new Gauge({
      name: 'hvo_http_connections_waiting',
      help: 'New connections accepted and not yet read: more are being read for their first request than the api reads at once.',
      registers: [metrics.registry],
      collect() {
        this.set(connections());
      },
    });
    new Gauge({
      name: 'hvo_http_requests_waiting',
      help: 'Requests read and waiting for their turn to go on (a burst goes on a slice per turn of the event loop).',
      registers: [metrics.registry],
      collect() {
        this.set(requests());
      },
    });
  }

  /** The lines the gauges read (create-api.ts makes them before Nest's application). */
  watch(lines: AdmissionLines): void {
    this.lines = lines;
  }
}
