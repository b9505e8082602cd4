import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { Errors, type HvError } from '#envelope';

/** What Node's http parser reports on a request it refuses before any route sees it. */
interface ClientError extends Error {
  code?: string;
}

/** The envelope for a refusal of Node's http parser (which answers below Fastify's routing). */
function errorOf(code: string | undefined): HvError {
  if (code === 'HPE_HEADER_OVERFLOW') return Errors.headersTooLarge(maxHeaderSize);
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return Errors.requestTimeout();
  return Errors.notHttp(code ?? 'unknown');
}

/**
 * The http server's `clientError` handler (Fastify's `clientErrorHandler`): a request line or
 * headers over `maxHeaderSize` (16 KiB), bytes that are no HTTP request, headers that never
 * complete. Fastify's default answers its own `{"error": …}`; clients get the spec's envelope.
 * The parser cannot resume after such an error, so the connection is closed.
 */
export function clientErrorHandler(err: ClientError, socket: Duplex): void {
  // a reset or already closed connection has no one left to answer
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const error = errorOf(err.code);
    const status = error.httpStatus ?? 400;
    const body = JSON.stringify(error.toEnvelope());
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
