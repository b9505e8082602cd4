import type { IncomingMessage } from 'node:http';
import type { Server, Socket } from 'node:net';
import { Logger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { addRouteConfig } from '#envelope';
import { TurnSlicer } from '#operations';
import { FirstReadGate } from './first-read-gate.js';
import './fastify-augment.js';

/** Fastify route config key of a route answered at once, never queued behind a burst. */
export const AT_ONCE_ROUTE = 'hvoAtOnce';

/** Marks a probe route (health, metrics) that must answer during a burst of other requests. */
export const AnsweredAtOnce = (): MethodDecorator => addRouteConfig({ [AT_ONCE_ROUTE]: true });

/**
 * Requests that go on per turn of the event loop. Each goes on synchronously as far as its first
 * wait on Redis (parsing, token, validation, its database rows), and its later steps come back
 * in the same few turns: together about 1 ms of the loop for a deploy while 10,000 arrive, so
 * 30 keep a turn near 30 ms (100 held it 100 ms and more; docs/decisions/0007).
 */
export const REQUESTS_PER_TURN = 30;

/**
 * New connections read for their first request at once. Reading one costs its request's parse,
 * routing and the hooks before the admission line (about 45 µs under a burst, GC included), so
 * 100 keep the poll phase that reads them near 5 ms however many clients wait to be read
 * (10,000 deploys at once: longest stalls 112–194 ms in four runs at 200, 117–120 ms in two
 * at 100; docs/decisions/0007).
 */
export const CONNECTIONS_READ_AT_ONCE = 100;

/** How long a new connection that has not written holds its place among those read (ms). */
export const FIRST_REQUEST_GRACE_MS = 250;

/**
 * A burst of requests (10,000 clients submitting at once) goes on a slice per turn of the event
 * loop, in arrival order, instead of all of it in the turn that read the sockets: otherwise
 * the loop is held for seconds and a liveness probe, which an orchestrator may answer with a
 * restart, times out behind it. Probe routes skip the line. Below the budget (any ordinary
 * load) a request goes on at once, as without this hook.
 */
export function admitASlicePerTurn(fastify: FastifyInstance): TurnSlicer {
  const log = new Logger('admission');
  const requests = new TurnSlicer(
    (e) => log.error(`a request failed as it was let in: ${(e as Error).message}`),
    REQUESTS_PER_TURN,
  );
  fastify.addHook('onRequest', (req, _reply, done) => {
    if (req.routeOptions.config[AT_ONCE_ROUTE]) return done();
    requests.run([() => done()]);
  });
  return requests;
}

/**
 * A burst of new connections is read a slice at a time: Node's server accepts them paused
 * (net.Server's `pauseOnConnect`, which http.Server does not take as an option but keeps as
 * this property) and FirstReadGate resumes at most `limit` at once that have not yet sent their
 * request, the next as one does. Connections already open (a kept-alive probe among them) are
 * read as usual.
 */
export function readASliceAtATime(
  server: Server,
  limit = CONNECTIONS_READ_AT_ONCE,
  graceMs = FIRST_REQUEST_GRACE_MS,
): FirstReadGate<Socket> {
  const log = new Logger('admission');
  const gate = new FirstReadGate<Socket>(limit, graceMs, (e) =>
    log.error(`a connection failed as it was read: ${(e as Error).message}`),
  );
  (server as Server & { pauseOnConnect: boolean }).pauseOnConnect = true;
  server.on('connection', (socket: Socket) => gate.connected(socket));
  server.on('request', (req: IncomingMessage) => gate.requested(req.socket));
  return gate;
}
