import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type HvError,
  STATUS_RULE_CONFIG,
  type StatusRule,
  UseridPipe,
  httpStatusOf,
  unstorableParam,
} from '#envelope';
import { Accepted } from '#operations';
import './fastify-augment.js';
import { RAW_ROUTE } from './raw-routes.js';

const USERID = new UseridPipe();

/** The matched route's status rule (@UseStatusRule, kept in its route config), else default. */
export const statusRuleOf = (req: FastifyRequest): StatusRule =>
  (req.routeOptions?.config?.[STATUS_RULE_CONFIG] as StatusRule | undefined) ?? 'default';

/** Answers `err` as the spec's envelope, with the status the route's rule gives it. */
export function sendError(req: FastifyRequest, reply: FastifyReply, err: HvError): FastifyReply {
  const status = err.httpStatus ?? httpStatusOf(err.toEnvelope(), statusRuleOf(req));
  for (const [k, v] of Object.entries(err.headers ?? {})) void reply.header(k, v);
  return reply
    .status(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(err.toEnvelope());
}

/**
 * What every Nest route's answer needs beyond its handler, as Fastify hooks rather than a Nest
 * interceptor (whose rxjs pipeline per request was a measurable share of `GET /`,
 * docs/decisions/0001). After the token check and the body: a body that could not be parsed is
 * reported, a path `{userid}` that is no userid and a path or query parameter holding text no
 * database stores (a NUL) never reach a handler; then an Accepted
 * operation is answered with 202 and its headers, and every answer of a request that submitted
 * one carries its `Operation-Id`. Routes with their own answers (dashboard,
 * docs: RAW_ROUTE) are left alone.
 */
export function envelopeHooks(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', (req, reply, done) => {
    if (req.is404 || req.routeOptions.config[RAW_ROUTE]) return done();
    try {
      if (req.bodyError !== undefined) throw req.bodyError;
      const params = req.params as Record<string, unknown> | undefined;
      if (typeof params?.userid === 'string') USERID.transform(params.userid);
      // text no database stores, wherever a route would take it (issue #57 item 11)
      const text =
        unstorableParam('path parameter', params) ??
        unstorableParam('query parameters', req.query as Record<string, unknown> | undefined);
      if (text) throw text;
    } catch (e) {
      sendError(req, reply, e as HvError);
      return;
    }
    void reply.header('cache-control', 'no-cache');
    done();
  });
  // every answer of a request that submitted an operation names it: 200, 202 and errors alike
  fastify.addHook('onSend', (req, reply, payload, done) => {
    if (req.submitted) void reply.header('operation-id', req.submitted);
    done(null, payload);
  });
  fastify.addHook('preSerialization', (_req, reply, payload, done) => {
    if (!(payload instanceof Accepted)) return done(null, payload);
    void reply
      .status(202)
      .header('location', payload.location)
      .header('retry-after', String(payload.retryAfterS));
    if (payload.preferenceApplied)
      void reply.header('preference-applied', payload.preferenceApplied);
    if (payload.held) void reply.header('operation-held', payload.held);
    done(null, payload.envelope);
  });
}
