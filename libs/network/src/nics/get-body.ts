import type { IncomingMessage } from 'node:http';
import { Errors } from '#envelope';

const LIMIT = 64 * 1024;

/**
 * The JSON body of a GET request: Fastify does not parse those, but existing clients of the
 * reference send `GET /vswitch` with `{"portid": …}` (reference §6). Undefined when none.
 */
export async function readGetBody(raw: IncomingMessage): Promise<unknown> {
  const length = raw.headers['content-length'];
  if ((length === undefined || length === '0') && raw.headers['transfer-encoding'] === undefined) {
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    size += (chunk as Buffer).length;
    if (size > LIMIT) throw Errors.payloadTooLarge(LIMIT);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw Errors.malformedJson((e as Error).message);
  }
}
