import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { hundredths, jsonAscii, type LineFrame, lineFrame } from '#logging';
import { answeredRoute } from './answered-route.js';
import './fastify-augment.js';

/** A client's X-Request-Id is kept when it is short and plain; otherwise one is made up. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._~:@+=/-]{1,128}$/;

/** Fastify's genReqId: the client's X-Request-Id when valid, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && CLIENT_REQUEST_ID.test(given)) return given;
  // randomUUID's text comes as 13 pieces joined lazily, some 480 bytes of heap for as long as
  // the request is held (a long-poll: minutes); a copy through latin1 is one flat string of 56
  // bytes (reading a character joined them in place up to Node 22; on 24 it leaves 370 bytes)
  // (docs/decisions/0008)
  return Buffer.from(randomUUID(), 'latin1').toString('latin1');
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

/**
 * Text made once per value and kept, forgotten all at once past `max` values (an address from
 * X-Forwarded-For is the client's choice, so no kept set may grow without bound).
 */
function kept<K, V>(make: (k: K) => V, max = 1000): (k: K) => V {
  const made = new Map<K, V>();
  return (k) => {
    let v = made.get(k);
    if (v === undefined) {
      if (made.size >= max) made.clear();
      v = make(k);
      made.set(k, v);
    }
    return v;
  };
}

const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');

// The members that repeat from request to request (route, method and status; address and
// who), escaped and encoded once and kept: escaping each on every line was a third of the
// line's making on `GET /` (docs/decisions/0010).
const routeMembers = kept((route: string | null) =>
  kept((method: string) =>
    kept((status: number) =>
      latin1(
        `","method":${jsonAscii(method)},"route":${route === null ? 'null' : jsonAscii(route)}` +
          `,"status":${status},"duration_ms":`,
      ),
    ),
  ),
);
const clientMembers = kept((address: string) =>
  kept((who: string) => latin1(`,"client_address":${jsonAscii(address)},"who":${jsonAscii(who)}`)),
);
const REQUEST_ID = latin1(',"request_id":"');
const OPERATION_ID = latin1(',"operation_id":');

/**
 * Writes the request line with `frame`, its members ASCII only. The request id goes in
 * unescaped: it is ours (a UUID) or the client's that CLIENT_REQUEST_ID let through, in both
 * cases printable ASCII without `"` or `\`.
 */
export function writeRequestLine(frame: LineFrame, l: RequestLine): void {
  const route = routeMembers(l.route)(l.method)(l.status);
  const client = clientMembers(l.client_address)(l.who);
  const duration = hundredths(l.duration_ms);
  const operation = l.operation_id === undefined ? '' : jsonAscii(l.operation_id);
  const out = frame.begin(
    REQUEST_ID.length +
      l.request_id.length +
      route.length +
      duration.length +
      client.length +
      (operation === '' ? 0 : OPERATION_ID.length + operation.length),
  );
  if (out === undefined) return;
  out.bytes(REQUEST_ID);
  out.ascii(l.request_id);
  out.bytes(route);
  out.ascii(duration);
  out.bytes(client);
  if (operation !== '') {
    out.bytes(OPERATION_ID);
    out.ascii(operation);
  }
  frame.end();
}

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
      writeRequestLine(line, {
        request_id: req.id,
        method: req.method,
        route: answeredRoute(req),
        status: reply.statusCode,
        duration_ms: reply.elapsedTime,
        client_address: req.ip,
        who: req.who ?? 'none',
        operation_id: req.submitted,
      });
    }
    done();
  });
}
