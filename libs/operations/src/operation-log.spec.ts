import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job } from 'bullmq';
import { ok } from '#envelope';
import { createLogger } from '#logging';
import type { OperationRecord } from '#persistence';
import type { OperationJobData } from './job-data.js';
import { logEnded, logQueued, logRunning, logStep, runLogged } from './operation-log.js';

const op = (patch: Partial<OperationRecord> = {}): OperationRecord => ({
  id: 'op-1',
  kind: 'guest.deploy',
  queue: 'guest-image',
  target: 'LINUX01',
  status: 'running',
  request: {},
  steps: [],
  progress: 0,
  response: null,
  httpStatus: null,
  attempts: 1,
  idempotencyKey: null,
  requestHash: null,
  requestedBy: 'token:0123456789ab',
  requestId: 'req-1',
  createdAt: new Date(),
  startedAt: new Date(Date.now() - 50),
  finishedAt: null,
  updatedAt: new Date(),
  ...patch,
});

const job = {
  id: 'op-1',
  name: 'guest.deploy',
  data: { payload: { userid: 'linux01' }, requestId: 'req-1' },
  attemptsMade: 0,
  stalledCounter: 1,
} as unknown as Job<OperationJobData>;

/** The raw lines logged by `fn`, as a process's logger writes them (to a file here). */
async function rawLinesOf(fn: () => Promise<void> | void, expected: number): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'oplog-'));
  const file = join(dir, 'log');
  const fd = openSync(file, 'w');
  createLogger('worker', { LOG_LEVEL: 'debug', LOG_FORMAT: 'json' }, { fd });
  await fn();
  // the process's destination writes off the caller's path: wait for the lines to land
  let lines: string[] = [];
  for (let i = 0; i < 100 && lines.length < expected; i++) {
    await new Promise((r) => setTimeout(r, 10));
    lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  }
  closeSync(fd);
  rmSync(dir, { recursive: true });
  return lines;
}

const linesOf = async (fn: () => Promise<void> | void, expected: number) =>
  (await rawLinesOf(fn, expected)).map((l) => JSON.parse(l) as Record<string, unknown>);

/** Every key of a line once: pino writes a bound field and a line's own field twice. */
const keysOnce = (line: string) => {
  const keys = [...line.matchAll(/"([a-z_]+)":/g)].map((m) => m[1]);
  return new Set(keys).size === keys.length;
};

describe('operation log lines', () => {
  it('runs a job with its operation, kind, userid, attempt and request id on every line', async () => {
    const lines = await linesOf(
      () =>
        runLogged(job, () => {
          logRunning(op({ attempts: 2 }));
          logStep('op-1', { name: 'copy image', startedAt: '2026-01-01T00:00:00.000Z' });
          logStep('op-1', {
            name: 'copy image',
            startedAt: '2026-01-01T00:00:00.000Z',
            endedAt: '2026-01-01T00:00:01.500Z',
            result: 'failed',
            rc: 300,
            rs: 3,
            detail: 'GET https://u:secret-pw@example.com/x failed',
          });
          logEnded(op({ attempts: 2 }), 'needs_attention', ok());
          return Promise.resolve();
        }),
      4,
    );
    const context = {
      name: 'worker',
      operation_id: 'op-1',
      kind: 'guest.deploy',
      userid: 'LINUX01',
      attempt: 2,
      request_id: 'req-1',
    };
    expect(lines.map((l) => l.msg)).toEqual([
      'operation resumed',
      'step started',
      'step ended',
      'operation ended',
    ]);
    for (const l of lines) expect(l).toMatchObject(context);
    expect(lines[2]).toMatchObject({ level: 'info', step: 'copy image', rc: 300, rs: 3 });
    expect(lines[2].duration_ms).toBe(1500);
    expect(lines[2].detail).toBe('GET https://***@example.com/x failed');
    expect(lines[3]).toMatchObject({ level: 'warn', status: 'needs_attention' });
  });

  it('names the operation on lines written outside its job (the api, the reconciler)', async () => {
    const lines = await linesOf(() => {
      logQueued(op());
      logEnded(op(), 'succeeded', ok());
    }, 2);
    expect(lines[0]).toMatchObject({
      name: 'worker',
      msg: 'operation queued',
      operation_id: 'op-1',
      userid: 'LINUX01',
      request_id: 'req-1',
      requested_by: 'token:0123456789ab',
    });
    expect(lines[1]).toMatchObject({ msg: 'operation ended', operation_id: 'op-1', rc: 0 });
  });

  it('writes no field twice', async () => {
    const raw = await rawLinesOf(
      () =>
        runLogged(job, () => {
          logRunning(op());
          logEnded(op(), 'succeeded', ok());
          return Promise.resolve();
        }),
      2,
    );
    expect(raw).toHaveLength(2);
    for (const line of raw) expect(keysOnce(line)).toBe(true);
  });
});
