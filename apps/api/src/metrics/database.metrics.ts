import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { StatementCounter } from '#persistence';
import { MetricsRegistry } from './metrics.registry.js';

/**
 * SQL statements and transactions this api process has sent to the database: divided by the
 * requests served, the database cost of a request (docs/decisions/0002).
 */
@Injectable()
export class DatabaseMetrics {
  constructor(metrics: MetricsRegistry, counter: StatementCounter) {
    const registers = [metrics.registry];
    new Counter({
      name: 'hvo_db_statements_total',
      help: 'SQL statements this api process has sent to the database.',
      registers,
      collect() {
        this.reset();
        this.inc(counter.statements);
      },
    });
    new Counter({
      name: 'hvo_db_transactions_total',
      help: 'Database transactions this api process has begun.',
      registers,
      collect() {
        this.reset();
        this.inc(counter.transactions);
      },
    });
  }
}
