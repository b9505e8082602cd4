import type { LoggerService } from '@nestjs/common';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { currentLogger } from './log-context.js';

/** nestjs-pino's logger, reading the current log context (log-context.ts) for each line. */
class ContextPinoLogger extends PinoLogger {
  override get logger(): Logger {
    return currentLogger();
  }
}

/**
 * Nest's logger replaced by nestjs-pino's, over the process's pino logger: Nest's own lines
 * (start-up, errors) and every `new Logger(ctx)` of the code come out as JSON lines with the
 * current context's fields. Nest middleware is not used (the api skips middie), so the
 * request logging is ours (apps/api/src/http/request-log.ts), not pino-http's.
 */
export function nestLogger(root: Logger): LoggerService {
  const params = { pinoHttp: { logger: root, autoLogging: false } };
  return new NestPinoLogger(new ContextPinoLogger(params), params);
}
