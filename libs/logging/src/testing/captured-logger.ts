import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions } from '../logger.factory.js';

/** A logger made as a process makes its own (JSON lines), writing into an array of lines. */
export function capturedLogger(level = 'info') {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino(loggerOptions('api', { LOG_LEVEL: level, LOG_FORMAT: 'json' }), sink);
  return {
    logger,
    lines,
    parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}
