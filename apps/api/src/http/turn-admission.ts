import { Logger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { addRouteConfig } from '#envelope';
import { TurnSlicer } from '#operations';
import './fastify-augment.js';

/** Fastify route config key of a route answered at once, never queued behind a burst. */
export const AT_ONCE_ROUTE = 'hvoAtOnce';

/** Marks a probe route (health, metrics) that must answer during a burst of other requests. */
export const AnsweredAtOnce = (): MethodDecorator => addRouteConfig({ [AT_ONCE_ROUTE]: true });

/**
 * Requests that go on per turn of the event loop. Each goes on synchronously as far as its first
 * wait on Redis (parsing, token, validation, its database row): about 0.1–0.3 ms, so a turn
 * stays in the tens of milliseconds even when thousands of requests arrive together.
 */
const REQUESTS_PER_TURN = 100;

/**
 * A burst of requests (10,000 clients submitting at once) goes on a slice per turn of the event
 * loop, in arrival order, instead of all of it in the turn that read the sockets: otherwise
 * the loop is held for seconds and a liveness probe, which an orchestrator may answer with a
 * restart, times out behind it. Probe routes skip the line. Below the budget (any ordinary
 * load) a request goes on at once, as without this hook.
 */
export function admitASlicePerTurn(fastify: FastifyInstance): void {
  const log = new Logger('admission');
  const requests = new TurnSlicer(
    (e) => log.error(`a request failed as it was let in: ${(e as Error).message}`),
    REQUESTS_PER_TURN,
  );
  fastify.addHook('onRequest', (req, _reply, done) => {
    if (req.routeOptions.config[AT_ONCE_ROUTE]) return done();
    requests.run([() => done()]);
  });
}
