import { loadPinoPretty } from './pino-pretty.js';

/**
 * Formats one JSON log line for a terminal, as the launcher shows its children's lines (they
 * write JSON to its pipes; it alone knows whether a person is reading).
 */
export function prettyLine(colorize: boolean): (line: string) => string {
  return loadPinoPretty().prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
}
