import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contextField, currentLogger, withLogContext } from './log-context.js';
import { isPretty, pinoLevel } from './log-settings.js';
import { createLogger, relayedLines } from './logger.factory.js';
import { prettyLine } from './pretty-line.js';
import { capturedLogger } from './testing/captured-logger.js';

describe('process logger', () => {
  it('writes one JSON object per line with the process name, level label and ISO time', () => {
    const { logger, parsed } = capturedLogger();
    logger.info({ operation_id: 'op-1' }, 'operation queued');
    const [line] = parsed();
    expect(line).toMatchObject({ name: 'api', level: 'info', msg: 'operation queued' });
    expect(line.operation_id).toBe('op-1');
    expect(typeof line.time).toBe('string');
  });

  it('accepts Nest level names and filters below the level', () => {
    expect(pinoLevel('log')).toBe('info');
    expect(pinoLevel('verbose')).toBe('trace');
    const { logger, lines } = capturedLogger('warn');
    logger.info('hidden');
    logger.warn('shown');
    expect(lines).toHaveLength(1);
  });

  it('never writes credential headers or URL credentials, in messages or errors', () => {
    const { logger, lines } = capturedLogger();
    logger.info({ headers: { 'x-auth-token': 'tok-secret', authorization: 'Basic c2VjcmV0' } });
    logger.info('fetching https://alice:pw-secret@images.example.com/a.img');
    logger.error({ err: new Error('GET http://bob:pw2-secret@10.0.0.1/x failed') }, 'import');
    const all = lines.join('\n');
    for (const secret of ['tok-secret', 'c2VjcmV0', 'pw-secret', 'pw2-secret'])
      expect(all).not.toContain(secret);
    expect(all).toContain('https://***@images.example.com/a.img');
  });

  it('carries the context fields across awaits, and only inside the context', async () => {
    const { logger, parsed } = capturedLogger();
    const made = createLogger('worker', { LOG_LEVEL: 'silent', LOG_FORMAT: 'json' });
    expect(currentLogger()).toBe(made);
    // the context derives from the current root: make the captured one the root
    (await import('./log-context.js')).setRootLogger(logger);
    await withLogContext({ operation_id: 'op-2', request_id: 'r-2' }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      currentLogger().info('step ended');
    });
    currentLogger().info('outside');
    expect(contextField('operation_id')).toBeUndefined();
    const [inside, outside] = parsed();
    expect(inside).toMatchObject({ operation_id: 'op-2', request_id: 'r-2', msg: 'step ended' });
    expect(outside.operation_id).toBeUndefined();
  });

  it("answers a context's fields, an inner context's over an outer's", async () => {
    const seen: unknown[] = [];
    await withLogContext({ operation_id: 'op-3', kind: 'guest.start' }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      seen.push(contextField('operation_id'));
      withLogContext({ operation_id: 'op-4' }, () => {
        seen.push(contextField('operation_id'), contextField('kind'));
      });
      seen.push(contextField('operation_id'));
    });
    expect(seen).toEqual(['op-3', 'op-4', 'guest.start', 'op-3']);
    expect(contextField('kind')).toBeUndefined();
  });

  it('writes every line whole to a file descriptor, multi-byte text included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hvo-log-'));
    const fd = openSync(join(dir, 'out.log'), 'w');
    try {
      const logger = createLogger('api', { LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, { fd });
      // written in one turn: all but the first wait behind the first write, as under load
      const texts = Array.from(
        { length: 2000 },
        (_, i) => `line ${i} Grüße ✓ 🚀 ${'x'.repeat(i % 300)}`,
      );
      for (const msg of texts) logger.info(msg);
      // flush() does not wait for the writes in flight: the file is read until it has them all
      const read = () => readFileSync(join(dir, 'out.log'), 'utf8').split('\n').filter(Boolean);
      let lines = read();
      for (let i = 0; i < 100 && lines.length < texts.length; i++) {
        await new Promise((r) => setTimeout(r, 20));
        lines = read();
      }
      expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(texts);
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("relays others' lines through the descriptor's writer, or as they are to a terminal", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hvo-log-'));
    const fd = openSync(join(dir, 'out.log'), 'w');
    try {
      const shown: string[] = [];
      const toTerminal = (text: string) => shown.push(text);
      const relay = relayedLines('stack', { fd, write: toTerminal });
      for (let i = 0; i < 500; i++) relay(`{"n":${i}}\n`);
      const read = () => readFileSync(join(dir, 'out.log'), 'utf8').split('\n').filter(Boolean);
      let lines = read();
      for (let i = 0; i < 100 && lines.length < 500; i++) {
        await new Promise((r) => setTimeout(r, 20));
        lines = read();
      }
      expect(lines.map((l) => (JSON.parse(l) as { n: number }).n)).toEqual([...Array(500).keys()]);
      expect(shown).toEqual([]);
      relayedLines('stack', { fd, isTTY: true, write: toTerminal })('on a terminal\n');
      expect(shown).toEqual(['on a terminal\n']);
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is pretty on a terminal or when asked, JSON otherwise; no colour off a terminal', () => {
    expect(isPretty({ LOG_LEVEL: 'info', LOG_FORMAT: 'auto' }, true)).toBe(true);
    expect(isPretty({ LOG_LEVEL: 'info', LOG_FORMAT: 'auto' }, false)).toBe(false);
    expect(isPretty({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, true)).toBe(false);
    expect(isPretty({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }, false)).toBe(true);
    const line = JSON.stringify({ level: 30, time: Date.now(), name: 'api', msg: 'hello' });
    expect(prettyLine(false)(line)).not.toContain('\u001b[');
    expect(prettyLine(false)(line)).toContain('hello');
  });
});
