import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { hundredths, jsonText, lineFrame } from '#logging';
import './fastify-augment.js';

/** A client's X-Request-Id is kept when it is short and plain; otherwise one is made up. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._~:@+=/-]{1,128}$/;

/** Fastify's genReqId: the client's X-Request-Id when valid, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && CLIENT_REQUEST_ID.test(given)) return given;
  const id = randomUUID();
  // randomUUID's text comes as 13 pieces joined lazily, some 480 bytes of heap for as long as
  // the request is held (a long-poll: minutes); reading a character has V8 join them in place
  // into one string of 56 bytes (bench/README.md, session 26)
  id.charCodeAt(0);
  return id;
}

/** The request line's fields, every one built here from checked values: no header, body or raw URL. */
interface RequestLine {
  request_id: string;
  method: string;
  route: string | null;
  status: number;
  /** Milliseconds, written to two decimals. */
  duration_ms: number;
  client_address: string;
  who: string;
  /** Only on a request that submitted an operation. */
  operation_id?: string;
}

/** The line's own members, from a template: a compiled serialiser cost twice as much (session 31). */
export const requestLineFields = (l: RequestLine): string =>
  `,"request_id":${jsonText(l.request_id)},"method":${jsonText(l.method)}` +
  `,"route":${l.route === null ? 'null' : jsonText(l.route)},"status":${l.status}` +
  `,"duration_ms":${hundredths(l.duration_ms)},"client_address":${jsonText(l.client_address)}` +
  `,"who":${jsonText(l.who)}` +
  (l.operation_id === undefined ? '' : `,"operation_id":${jsonText(l.operation_id)}`);

/**
 * X-Request-Id on every answer (errors too: this is the first hook, before the token check),
 * and one line per request once answered: method, route pattern (never the raw URL, which may
 * carry a guest's name in every spelling), status, duration, request id, client address, who,
 * and the operation it submitted. Never headers or bodies.
 */
export function requestLog(fastify: FastifyInstance, root: Logger): void {
  const line = lineFrame(root, 'api', 'info', 'request');
  fastify.addHook('onRequest', (req, reply, done) => {
    void reply.header('x-request-id', req.id);
    done();
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    if (line.enabled()) {
      line.write(
        requestLineFields({
          request_id: req.id,
          method: req.method,
          route: req.routeOptions.url ?? null,
          status: reply.statusCode,
          duration_ms: reply.elapsedTime,
          client_address: req.ip,
          who: req.who ?? 'none',
          operation_id: req.submitted,
        }),
      );
    }
    done();
  });
}
