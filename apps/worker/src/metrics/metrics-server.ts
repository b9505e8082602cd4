import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Registry } from 'prom-client';
import { operatorOf, TokenService } from '#auth';
import { AppConfig } from '#config';
import { Errors } from '#envelope';
import { WorkerMetricsRegistry } from './worker-metrics.registry.js';

/**
 * GET /metrics of a worker on WORKER_METRICS_HOST:WORKER_METRICS_PORT: a worker has no HTTP
 * server of its own, so a bare one; asking for the api's /metrics credentials (operatorOf).
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(MetricsServer.name);
  private server?: Server;

  constructor(
    private readonly cfg: AppConfig,
    private readonly metrics: WorkerMetricsRegistry,
    private readonly tokens: TokenService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.cfg.WORKER_METRICS_PORT, this.cfg.WORKER_METRICS_HOST, resolve);
    });
    this.server = server;
    const { address, port } = server.address() as AddressInfo;
    const host = address.includes(':') ? `[${address}]` : address;
    this.log.log(`worker metrics on http://${host}:${port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const path = (req.url ?? '/').split('?', 1)[0];
      if (req.method !== 'GET' || path !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      if (!(await operatorOf(req.headers, this.tokens))) {
        const err = Errors.unauthorized();
        res
          .writeHead(err.httpStatus ?? 401, {
            'content-type': 'application/json',
            // lets Prometheus and browsers know basic auth is accepted, as the api's /metrics
            'www-authenticate': 'Basic realm="hv-orchestrator", charset="UTF-8"',
          })
          .end(JSON.stringify(err.toEnvelope()));
        return;
      }
      const page = await this.metrics.scrape();
      res.writeHead(200, { 'content-type': Registry.PROMETHEUS_CONTENT_TYPE }).end(page);
    } catch (e) {
      this.log.error(`metrics scrape failed: ${(e as Error).message}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end();
    }
  }
}
