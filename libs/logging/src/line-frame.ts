import { hostname } from 'node:os';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import { isoTime } from './iso-time.js';
import { activeSpanMembers } from './trace-ids.js';

/** A line of one kind written at one level: `write` is a no-op below the root's level. */
export interface LineFrame {
  enabled(): boolean;
  /**
   * Writes one line: the frame's leading fields, then `fields` (JSON members, each led by a
   * comma, escaped by the caller: jsonText), then `msg`.
   */
  write(fields: string): void;
}

/**
 * The frame of a line written very often (the api's request line, one per request): the same
 * leading fields as pino's lines (level label, ISO time, pid, hostname, `name`, the active
 * span's ids) and `msg` last, so it reads as any other line, written into `root`'s destination.
 * The caller makes its fields' text from a template of its own.
 *
 * Why not a pino logger: pino walks each line's object generically (every key's type, string
 * escaping, the mixin's object merged into it), which at 20,000 requests a second was most of
 * what logging cost the cheapest routes: 7 % of the api's CPU on `GET /` (bench/README.md,
 * session 18). A serialiser compiled from the fields' schema (fast-json-stringify) still cost
 * twice a template's time (session 31). No redaction either: the caller builds every field from
 * values it checked (never a header, a body or a raw URL).
 */
export function lineFrame(root: Logger, name: string, level: Level, msg: string): LineFrame {
  const stream = (root as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym];
  const head = `{"level":${JSON.stringify(level)}`;
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"name":${JSON.stringify(name)}`;
  const tail = `,"msg":${JSON.stringify(msg)}}\n`;
  return {
    enabled: () => root.isLevelEnabled(level),
    write(fields: string): void {
      if (!root.isLevelEnabled(level)) return;
      stream.write(`${head}${isoTime()}${base}${activeSpanMembers()}${fields}${tail}`);
    },
  };
}
