import { hostname } from 'node:os';
import fastJson, { type Schema } from 'fast-json-stringify';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import { isoTime } from './iso-time.js';
import { activeTraceIds } from './trace-ids.js';

/** What a fixed-shape line's fields may hold: each one's JSON schema (fast-json-stringify's). */
export type LineFields = Record<string, Schema>;

/** A line of one shape, written at one level: `write` is a no-op below the root's level. */
export interface FixedShapeLine<T extends object> {
  enabled(): boolean;
  write(fields: T): void;
}

/**
 * A line of one fixed shape, written very often (the api's request line, one per request),
 * serialised by a function fast-json-stringify compiles from its fields' schema, into `root`'s
 * destination, with the same leading fields as pino's lines (level label, ISO time, pid,
 * hostname, `name`, the active span's ids) and `msg` last, so it reads as any other line.
 *
 * Why not a pino logger: pino walks each line's object generically (every key's type, string
 * escaping, the mixin's object merged into it), which at 20,000 requests a second was most of
 * what logging cost the cheapest routes: 7 % of the api's CPU on `GET /` (bench/README.md,
 * session 18). No redaction either: every field is declared here and built by the caller from
 * values it checked (never a header, a body or a raw URL); a field not declared is not written.
 */
export function fixedShapeLine<T extends object>(
  root: Logger,
  name: string,
  level: Level,
  msg: string,
  properties: LineFields,
): FixedShapeLine<T> {
  const stream = (root as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym];
  const body = fastJson({ type: 'object', properties }) as (fields: T) => string;
  const head = `{"level":${JSON.stringify(level)}`;
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"name":${JSON.stringify(name)}`;
  const tail = `,"msg":${JSON.stringify(msg)}}\n`;
  return {
    enabled: () => root.isLevelEnabled(level),
    write(fields: T): void {
      if (!root.isLevelEnabled(level)) return;
      const ids = activeTraceIds();
      const trace = ids.trace_id ? `,"trace_id":"${ids.trace_id}","span_id":"${ids.span_id}"` : '';
      const json = body(fields);
      // the fields' object without its braces; `{}` (no field set) adds nothing
      const own = json.length > 2 ? `,${json.slice(1, -1)}` : '';
      stream.write(`${head}${isoTime()}${base}${trace}${own}${tail}`);
    },
  };
}
