import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AdminTokenStore, TokenService } from '#auth';
import type { Config } from '#config';
import { createLogger, nestLogger } from '#logging';
import { mountDashboard } from './admin/dashboard.js';
import { ApiModule } from './api.module.js';
import { mountConsole } from './console/console.routes.js';
import { BODY_LIMIT } from './http/body-limit.js';
import { clientErrorHandler } from './http/client-errors.js';
import { frameworkErrors } from './http/framework-errors.js';
import { readJsonWhateverType } from './http/json-any-type.js';
import { registerJsonBodyParser } from './http/json-body.parser.js';
import { registerOctetStreamParser } from './http/octet-stream.parser.js';
import { requestIdOf, requestLog } from './http/request-log.js';
import { RouteTable } from './http/route-table.js';
import { envelopeHooks } from './http/envelope.hooks.js';
import { checkToken } from './http/token-check.js';
import { admitASlicePerTurn, readASliceAtATime } from './http/turn-admission.js';
import { nameRequestSpans } from './http/request-span.js';
import { AdmissionMetrics } from './metrics/admission.metrics.js';
import { HttpMetrics } from './metrics/http.metrics.js';
import { mountDocs } from './openapi/docs.routes.js';
import { OPENAPI_TITLE, OpenApiDocumentFactory } from './openapi/openapi.document.js';

/** Builds the api application (not yet listening); used by main.ts and the end-to-end tests. */
export async function createApi(config: Config): Promise<NestFastifyApplication> {
  const log = createLogger('api', config);
  const adapter = new FastifyAdapter({
    // X-Request-Id: the client's when valid, else ours (request-log.ts)
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: BODY_LIMIT,
    trustProxy: true,
    frameworkErrors,
    clientErrorHandler,
    // no Nest middleware is used, and middie's hook ran on every request (docs/decisions/0001)
    skipMiddie: true,
  });
  const fastify = adapter.getInstance();
  const routes = new RouteTable();
  routes.attach(fastify);
  requestLog(fastify, log); // first: every answer, a 401 too, carries its request id
  // then a burst goes on a slice per turn, probes at once; and its new connections are read so too
  const requests = admitASlicePerTurn(fastify);
  const connections = readASliceAtATime(fastify.server);
  nameRequestSpans(fastify);
  registerJsonBodyParser(fastify);
  registerOctetStreamParser(fastify);
  readJsonWhateverType(fastify);

  const app = await NestFactory.create<NestFastifyApplication>(
    ApiModule.forRoot(config, routes),
    adapter,
    {
      bodyParser: false, // ours (json-body.parser.ts) reports bad JSON after the auth check
      bufferLogs: true,
    },
  );
  app.useLogger(nestLogger(log));
  // no enableShutdownHooks: main.ts stops on signals (stopOnSignals), a test by app.close()
  app.get(AdminTokenStore).ensure();
  checkToken(fastify, app.get(TokenService));
  envelopeHooks(fastify);
  app.get(HttpMetrics).attach(fastify); // before any route, so it times them all
  app.get(AdmissionMetrics).watch({
    connectionsWaiting: () => connections.waiting,
    requestsWaiting: () => requests.queued,
  });
  await mountDashboard(app, fastify);
  await mountConsole(app, fastify);
  const docs = app.get(OpenApiDocumentFactory);
  await mountDocs(fastify, OPENAPI_TITLE, () => docs.create(app));
  await app.init();
  Logger.log(`auth=${config.AUTH}; admin token file ${config.TOKEN_PATH}`, 'api');
  return app;
}
