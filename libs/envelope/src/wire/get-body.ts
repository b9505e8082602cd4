import type { IncomingMessage } from 'node:http';
import { Errors } from '../error-catalogue.js';
import { bodyShapeProblem } from './body-shape.js';

/** Bodies on GET are small JSON documents; anything bigger is not one. */
const LIMIT = 64 * 1024;

/**
 * The JSON body of a GET request. Fastify does not parse bodies of GET requests, but existing
 * clients of the reference send some parameters that way (reference §6: the volume connector,
 * `GET /vswitch`), so the raw stream is read here. Undefined when there is no body. Its shape is
 * bounded as a POST body's is (json-body.parser.ts), before any route looks into it.
 */
export async function readGetBody(raw: IncomingMessage): Promise<unknown> {
  const length = raw.headers['content-length'];
  if ((length === undefined || length === '0') && raw.headers['transfer-encoding'] === undefined) {
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > LIMIT) throw Errors.payloadTooLarge(LIMIT);
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch (e) {
    throw Errors.malformedJson((e as Error).message);
  }
  const problem = bodyShapeProblem(body);
  if (problem !== null) throw problem;
  return body;
}
