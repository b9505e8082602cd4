import { hostname } from 'node:os';
import { onExit } from 'signal-exit';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { GatheredLines } from './gathered-lines.js';
import { lineWriterFor } from './line-writer.js';
import { setFallbackLogger, setRootLogger } from './log-context.js';
import { isPretty, type LogSettings, pinoLevel } from './log-settings.js';
import { REDACT_PATHS, stripUrlCredentials } from './redaction.js';
import { activeTraceIds } from './trace-ids.js';
import { isoTime } from './iso-time.js';
import { loadPinoPretty } from './pino-pretty.js';

/** An error as pino writes it, with URL credentials cut from its text. */
function errSerializer(e: Error): object {
  const out = pino.stdSerializers.err(e) as { message: string; stack?: string };
  out.message = stripUrlCredentials(out.message);
  if (out.stack) out.stack = stripUrlCredentials(out.stack);
  return out;
}

/** pino's options for a process named `name` (its lines carry `"name": …`). */
export function loggerOptions(name: string, s: LogSettings): LoggerOptions {
  return {
    name,
    level: pinoLevel(s.LOG_LEVEL),
    timestamp: isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: '***' },
    serializers: { err: errSerializer },
    mixin: activeTraceIds,
    hooks: {
      // messages may quote a URL (an import's, Redis's): its credentials never reach a line
      logMethod(args, method) {
        for (let i = 0; i < args.length; i++) {
          const a: unknown = args[i];
          if (typeof a === 'string') args[i] = stripUrlCredentials(a);
        }
        method.apply(this, args);
      },
    },
  };
}

/** A terminal or file descriptor to write to (process.stdout). */
export interface LogOutput {
  fd: number;
  isTTY?: boolean;
}

/** The line that says how many lines a process named `name` dropped (line-writer.ts). */
const droppedNote =
  (name: string) =>
  (dropped: number): string =>
    `${JSON.stringify({
      level: 'warn',
      time: new Date().toISOString(),
      pid: process.pid,
      hostname: hostname(),
      name,
      dropped_lines: dropped,
      msg: 'log lines dropped',
    })}\n`;

/** Lines gathered in batches, written by the process's writer thread for `fd`. */
function gatheredDestination(fd: number, name: string): DestinationStream {
  return new GatheredLines(lineWriterFor(fd, droppedNote(name)));
}

/**
 * Where lines go: one JSON object per line, gathered and written in batches (gathered-lines.ts),
 * or, for people, pino-pretty, coloured only on a terminal: never an ANSI code in a file or pipe.
 */
function destination(name: string, s: LogSettings, out: LogOutput): DestinationStream {
  const tty = out.isTTY === true;
  if (!isPretty(s, tty)) return gatheredDestination(out.fd, name);
  return loadPinoPretty()({
    colorize: tty,
    destination: out.fd,
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
}

/**
 * The logger of one process (api, worker, hv-simulator, stack), made once at its start and
 * the root of every line it writes (log-context.ts). JSON unless stdout is a terminal or
 * LOG_FORMAT says otherwise.
 */
export function createLogger(
  name: string,
  s: LogSettings,
  out: LogOutput = process.stdout,
): Logger {
  const logger = pino(loggerOptions(name, s), destination(name, s, out));
  setRootLogger(logger);
  return logger;
}

/**
 * Writes lines of other processes (a launcher's children) to `out` beside the process's own:
 * through its writer thread, so that a reader that stalls makes them wait, then drops and counts
 * them (as for the process's own lines) instead of queueing them in memory without bound, as
 * Node's stdout does on a pipe. A terminal is written to as it is (its own lines are too).
 */
export function relayedLines(
  name: string,
  out: LogOutput & { write(text: string): unknown } = process.stdout,
): (text: string) => void {
  if (out.isTTY === true) return (text) => void out.write(text);
  const writer = lineWriterFor(out.fd, droppedNote(name));
  // written before the process goes, whether or not its own lines are gathered (JSON) there
  onExit(() => void writer.drain());
  return (text) => writer.write(Buffer.from(text));
}

// Code that logs before (or without) its process made a logger: unit tests, scripts.
setFallbackLogger(() =>
  pino(loggerOptions('hv-orchestrator', { LOG_LEVEL: 'info', LOG_FORMAT: 'json' })),
);
