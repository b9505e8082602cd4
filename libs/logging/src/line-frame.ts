import { hostname } from 'node:os';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import { GatheredLines } from './gathered-lines.js';
import { isoTime } from './iso-time.js';
import { jsonAscii } from './json-text.js';
import { activeSpanMembers } from './trace-ids.js';

/** What a line's own members are copied into, all ASCII (jsonAscii), each led by a comma. */
export interface LineOut {
  /** Text encoded once and kept (Buffer.from(text, 'latin1')). */
  bytes(b: Uint8Array): void;
  /** Text that is ASCII and needs no escaping (a request id, a number). */
  ascii(s: string): void;
}

/** A line of one kind written at one level: nothing is written below the root's level. */
export interface LineFrame {
  enabled(): boolean;
  /**
   * Starts a line: its leading fields are in; the caller copies in its members, at most
   * `bytes` of them, then calls end(). Undefined below the root's level. One line at a time.
   */
  begin(bytes: number): LineOut | undefined;
  /** Ends the line begun: `msg`, and the line is handed to the destination. */
  end(): void;
}

/** A LineOut over a byte buffer, from `at`. */
class ByteLine implements LineOut {
  buf: Buffer = Buffer.alloc(0);
  at = 0;

  bytes(b: Uint8Array): void {
    this.buf.set(b, this.at);
    this.at += b.length;
  }

  ascii(s: string): void {
    const { buf } = this;
    let at = this.at;
    for (let i = 0; i < s.length; i++) buf[at++] = s.charCodeAt(i);
    this.at = at;
  }
}

const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');

/**
 * The frame of a line written very often (the api's request line, one per request): the same
 * leading fields as pino's lines (level label, ISO time, pid, hostname, `name`, the active
 * span's ids) and `msg` last, so it reads as any other line, written into `root`'s destination.
 *
 * Why not a pino logger: pino walks each line's object generically (every key's type, string
 * escaping, the mixin's object merged into it), which at 20,000 requests a second was most of
 * what logging cost the cheapest routes: 7 % of the api's CPU on `GET /` (docs/decisions/0010).
 * A serialiser compiled from the fields' schema (fast-json-stringify) still cost
 * twice a template's time (session 31), and a template's string, made of pieces, was flattened
 * and encoded again on its way to the file (session 33): the line is copied, ASCII byte for
 * byte, straight into the gathering destination's buffer, its repeating parts encoded once. No
 * redaction either: the caller builds every member from values it checked (never a header, a
 * body or a raw URL).
 */
export function lineFrame(root: Logger, name: string, level: Level, msg: string): LineFrame {
  const stream = (root as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym];
  const gathered = stream instanceof GatheredLines ? stream : undefined;
  const head = `{"level":${jsonAscii(level)}`;
  const base = `,"pid":${process.pid},"hostname":${jsonAscii(hostname())},"name":${jsonAscii(name)}`;
  const tail = latin1(`,"msg":${jsonAscii(msg)}}\n`);
  // the leading fields change with the millisecond only: encoded once for every line in it
  let time = '';
  let leading = latin1('');
  const line = new ByteLine();
  // where the line begun goes: the gathering buffer, or (a line too long for it, another
  // destination) a buffer of its own written as text at the end
  let into: GatheredLines | undefined;
  // where the line may end at most: a caller that copies in more than it said would otherwise
  // have its excess cut (ascii) or written past what was reserved
  let limit = 0;
  return {
    enabled: () => root.isLevelEnabled(level),
    begin(bytes: number): LineOut | undefined {
      if (!root.isLevelEnabled(level)) return undefined;
      const now = isoTime();
      if (now !== time) {
        time = now;
        leading = latin1(head + now + base);
      }
      const span = activeSpanMembers();
      const most = leading.length + span.length + bytes + tail.length;
      const buf = gathered?.reserve(most);
      into = buf && gathered;
      line.buf = buf ?? Buffer.allocUnsafe(most);
      line.at = into ? into.end : 0;
      limit = line.at + most;
      line.bytes(leading);
      line.ascii(span);
      return line;
    },
    end(): void {
      if (line.at + tail.length > limit) throw new RangeError('line longer than its begin() said');
      line.bytes(tail);
      if (into) into.commit(line.at);
      else stream.write(line.buf.toString('latin1', 0, line.at));
    },
  };
}
