import { jest } from '@jest/globals';
import type { ModuleRef } from '@nestjs/core';
import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import { loadConfig } from '#config';
import { Errors } from '#envelope';
import type { OperationRecord, OperationsRepository, OperationStep } from '#persistence';
import type { CancelSignals } from '../coordination/cancel-signals.service.js';
import type { GuestTurns } from '../coordination/guest-turns.service.js';
import type { OperationContext } from './operation-context.js';
import { HANDLER_REGISTRY, OperationRunner } from './operation-runner.js';
import { OperationSettler } from './operation-settler.js';
import { OperationUnwinder } from './operation-unwinder.js';
import { strictMock } from '#testing/jest';

/** An in-memory operations table with the repository's semantics for what the runner uses. */
class FakeOps {
  rows = new Map<string, OperationRecord>();
  add(id: string, patch: Partial<OperationRecord> = {}): void {
    const now = new Date();
    this.rows.set(id, {
      id,
      kind: 'guest.start',
      queue: 'guest-lifecycle',
      target: 'G1',
      status: 'queued',
      request: {},
      steps: [],
      progress: 0,
      response: null,
      httpStatus: null,
      attempts: 0,
      idempotencyKey: null,
      requestHash: null,
      createdAt: now,
      startedAt: null,
      finishedAt: null,
      updatedAt: now,
      ...patch,
    });
  }
  get = (id: string) => Promise.resolve(this.rows.get(id) ?? null);
  markRunning = (id: string, attempt: number) => {
    const row = this.rows.get(id);
    if (!row || !['queued', 'running'].includes(row.status)) return Promise.resolve(null);
    Object.assign(row, { status: 'running', attempts: attempt });
    return Promise.resolve(row);
  };
  requeue = (id: string) => {
    this.rows.get(id)!.status = 'queued';
    return Promise.resolve(true);
  };
  appendStep = (id: string, step: OperationStep) => {
    const steps = this.rows.get(id)!.steps;
    const last = steps.findLastIndex((s) => s.name === step.name && !s.endedAt);
    if (last >= 0) steps[last] = step;
    else steps.push(step);
    return Promise.resolve(steps);
  };
  setProgress = (id: string, p: number) => {
    this.rows.get(id)!.progress = p;
    return Promise.resolve(true);
  };
  finish = (
    id: string,
    o: { status: OperationRecord['status']; response: any; httpStatus: number },
  ) => {
    Object.assign(this.rows.get(id)!, o, { finishedAt: new Date() });
    return Promise.resolve(this.rows.get(id)!);
  };
}

function job(
  id: string,
  payload: object,
  attemptsMade = 0,
  attempts = 3,
  outage?: { since: number; retries: number },
): Job {
  const data = {
    payload,
    statusRule: 'notFoundAndConflict',
    operation: `/operations/${id}`,
    outage,
  };
  return {
    id,
    name: 'guest.start',
    data,
    updateData: (d: object) => Promise.resolve(void Object.assign(data, d)),
    attemptsMade,
    opts: { attempts },
    updateProgress: () => Promise.resolve(),
    moveToDelayed: (at: number) => Promise.resolve(void delayed.push(at)),
  } as unknown as Job;
}

const delayed: number[] = [];

/** Per-guest lines as GuestTurns keeps them in Redis. */
class FakeTurns {
  lines = new Map<string, string[]>();
  woken: string[] = [];
  head = (g: string) => Promise.resolve(this.lines.get(g)?.[0] ?? null);
  line = (g: string) => Promise.resolve([...(this.lines.get(g) ?? [])]);
  join = (g: string, id: string) => {
    this.lines.set(g, [...(this.lines.get(g) ?? []), id]);
    return Promise.resolve(0);
  };
  leave = (g: string, id: string) => {
    this.lines.set(
      g,
      (this.lines.get(g) ?? []).filter((x) => x !== id),
    );
    return this.head(g);
  };
  leaveAndWake = async (g: string, id: string) => {
    const next = await this.leave(g, id);
    if (next) this.woken.push(next);
  };
}

describe('OperationRunner', () => {
  let ops: FakeOps;
  let run: jest.Mock<(p: unknown, ctx: OperationContext) => Promise<unknown>>;
  let sut: OperationRunner;
  let turns: FakeTurns;
  let cancels: Set<string>;
  let cancelSignals: CancelSignals;

  beforeEach(() => {
    ops = new FakeOps();
    run = jest.fn();
    const handler = { run };
    const moduleRef = {
      get: (token: unknown) =>
        token === HANDLER_REGISTRY ? { 'guest.start': 'H' } : token === 'H' ? handler : undefined,
    } as unknown as ModuleRef;
    turns = new FakeTurns();
    cancels = new Set();
    cancelSignals = strictMock<CancelSignals>({
      requested: (id: string) => Promise.resolve(cancels.has(id)),
      clear: (id: string) => Promise.resolve(void cancels.delete(id)),
    });
    const repo = ops as unknown as OperationsRepository;
    const cfg = loadConfig({ GUEST_TURN_RECHECK_MS: '100' });
    const settler = new OperationSettler(repo, turns as unknown as GuestTurns, cancelSignals, cfg);
    sut = new OperationRunner(
      cfg,
      repo,
      turns as unknown as GuestTurns,
      cancelSignals,
      settler,
      new OperationUnwinder(cfg, repo, cancelSignals, settler, moduleRef),
      moduleRef,
    );
  });

  it('records success with the envelope', async () => {
    ops.add('a');
    run.mockImplementation(async (_p, ctx) => {
      await ctx.step('activate', () => Promise.resolve());
      return '';
    });
    const env = await sut.run(job('a', { userid: 'G1' }));
    expect(env).toEqual({ overallRC: 0, rc: 0, rs: 0, errmsg: '', modID: null, output: '' });
    expect(ops.rows.get('a')).toMatchObject({ status: 'succeeded', httpStatus: 200, attempts: 1 });
    expect(ops.rows.get('a')!.steps).toEqual([
      expect.objectContaining({ name: 'activate', result: 'ok' }),
    ]);
  });

  it('at the head of its line, reads no row and asks about cancellation once (issue #17)', async () => {
    ops.add('h');
    await turns.join('G1', 'h');
    const reads = jest.spyOn(ops, 'get');
    let asked = 0;
    const requested = cancelSignals.requested.bind(cancelSignals);
    cancelSignals.requested = (id: string) => (asked++, requested(id));
    run.mockImplementation(async (_p, ctx) => {
      await ctx.step('one', () => Promise.resolve());
      await ctx.step('two', () => Promise.resolve());
      return '';
    });
    await sut.run(job('h', { userid: 'G1' }));
    expect(ops.rows.get('h')).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(reads).not.toHaveBeenCalled();
    expect(asked).toBe(2); // before running (its answer serves step one), then at step two
  });

  it('cancelled at the first safe point is seen before it runs, with no step recorded', async () => {
    ops.add('x');
    await turns.join('G1', 'x');
    cancels.add('x');
    // its job completes with the cancelled envelope: a cancel is no failure on the dashboard
    await expect(sut.run(job('x', { userid: 'G1' }))).resolves.toMatchObject({
      overallRC: 409,
      rs: 14,
    });
    expect(run).not.toHaveBeenCalled();
    expect(ops.rows.get('x')).toMatchObject({ status: 'cancelled', steps: [] });
    expect(turns.lines.get('G1')).toEqual([]);
  });

  it('never undoes a success when leaving the guest line fails (Redis failing over)', async () => {
    ops.add('s');
    const undone: string[] = [];
    run.mockImplementation(async (_p, ctx) => {
      await ctx.step('define', () => Promise.resolve(), {
        undo: () => Promise.resolve(undone.push('define')),
      });
      return 'out';
    });
    turns.leaveAndWake = () =>
      Promise.reject(new Error("READONLY You can't write against a replica"));
    const env = await sut.run(job('s', { userid: 'G1' }));
    expect(env).toMatchObject({ overallRC: 0, output: 'out' });
    expect(undone).toEqual([]);
    expect(ops.rows.get('s')!.steps.map((x) => x.name)).toEqual(['define']);
    expect(ops.rows.get('s')).toMatchObject({ status: 'succeeded' });
  });

  it('undoes completed steps in reverse and fails for good on a hypervisor refusal', async () => {
    ops.add('b');
    const undone: string[] = [];
    run.mockImplementation(async (_p, ctx) => {
      await ctx.step('one', () => Promise.resolve(), {
        undo: () => Promise.resolve(undone.push('one')),
      });
      await ctx.step('two', () => Promise.resolve(), {
        undo: () => Promise.resolve(undone.push('two')),
      });
      await ctx.step('three', () => Promise.reject(Errors.smapi(200, 4, 'no such user')));
    });
    await expect(sut.run(job('b', { userid: 'G1' }))).rejects.toBeInstanceOf(UnrecoverableError);
    expect(undone).toEqual(['two', 'one']);
    const row = ops.rows.get('b')!;
    expect(row).toMatchObject({ status: 'failed', httpStatus: 404 });
    expect(row.response).toMatchObject({ overallRC: 8, rc: 200, rs: 4, modID: 1 });
    expect(row.steps.map((s) => `${s.name}:${s.result}`)).toEqual([
      'one:ok',
      'two:ok',
      'three:failed',
      'undo two:ok',
      'undo one:ok',
    ]);
    expect(row.steps[2]).toMatchObject({ rc: 200, rs: 4 });
  });

  it('waits out a link failure within the outage budget, without undoing', async () => {
    ops.add('c');
    const undo = jest.fn(() => Promise.resolve());
    run.mockImplementation(async (_p, ctx) => {
      await ctx.step('one', () => Promise.resolve(), { undo });
      throw Errors.hvUnreachable('down');
    });
    delayed.length = 0;
    await expect(sut.run(job('c', { userid: 'G1' }, 0, 3))).rejects.toBeInstanceOf(DelayedError);
    expect(ops.rows.get('c')!.status).toBe('queued');
    expect(delayed).toHaveLength(1);
    expect(undo).not.toHaveBeenCalled();
  });

  it('resumes after the steps an earlier attempt completed', async () => {
    ops.add('d', { steps: [{ name: 'one', startedAt: 't', endedAt: 't', result: 'ok' }] });
    const one = jest.fn(() => Promise.resolve());
    run.mockImplementation(async (_p, ctx) => {
      await ctx.step('one', one);
      await ctx.step('two', () => Promise.resolve());
      return '';
    });
    await sut.run(job('d', { userid: 'G1' }, 1, 3));
    expect(one).not.toHaveBeenCalled();
    expect(ops.rows.get('d')).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('fails on a link failure once the outage budget is spent', async () => {
    ops.add('e');
    run.mockRejectedValue(Errors.hvUnreachable('down'));
    const since = Date.now() - 301_000; // the default budget is 300 s
    await expect(
      sut.run(job('e', { userid: 'G1' }, 0, 3, { since, retries: 9 })),
    ).rejects.toBeInstanceOf(UnrecoverableError);
    expect(ops.rows.get('e')!.response).toMatchObject({ overallRC: 99, rs: 305 });
  });

  it('answers a finished operation from its record without running it again', async () => {
    const response = { overallRC: 0, rc: 0, rs: 0, errmsg: '', modID: null, output: '' };
    ops.add('f', { status: 'succeeded', response });
    expect(await sut.run(job('f', { userid: 'G1' }))).toEqual(response);
    expect(run).not.toHaveBeenCalled();
  });

  it('refuses a payload that does not match the catalogue', async () => {
    ops.add('g');
    await expect(sut.run(job('g', { userid: '@@' }))).rejects.toBeInstanceOf(UnrecoverableError);
    expect(ops.rows.get('g')!.response).toMatchObject({ overallRC: 100, rs: 3 });
    expect(run).not.toHaveBeenCalled();
  });

  it('turns an unexpected exception into an internal error without details', async () => {
    ops.add('h');
    run.mockRejectedValue(new TypeError('x is undefined'));
    await expect(sut.run(job('h', { userid: 'G1' }))).rejects.toBeInstanceOf(UnrecoverableError);
    const env = ops.rows.get('h')!.response!;
    expect(env).toMatchObject({ overallRC: 500, rc: 500 });
    expect(env.errmsg).not.toContain('x is undefined');
  });

  it('fails with undo and leaves the line when the handler throws unexpectedly mid-way', async () => {
    ops.add('u1');
    ops.add('u2');
    for (const id of ['u1', 'u2']) await turns.join('G1', id);
    const undone: string[] = [];
    run.mockImplementation(async (_p, ctx) => {
      await ctx.step('one', () => Promise.resolve(), {
        undo: () => Promise.resolve(undone.push('one')),
      });
      throw new TypeError('x is undefined');
    });
    await expect(sut.run(job('u1', { userid: 'G1' }))).rejects.toBeInstanceOf(UnrecoverableError);
    expect(undone).toEqual(['one']);
    const row = ops.rows.get('u1')!;
    expect(row).toMatchObject({ status: 'failed', httpStatus: 500 });
    expect(row.steps.map((s) => `${s.name}:${s.result}`)).toEqual(['one:ok', 'undo one:ok']);
    expect(turns.lines.get('G1')).toEqual(['u2']);
    expect(turns.woken).toEqual(['u2']);
  });

  it('waits without running while an earlier operation of the guest is unfinished', async () => {
    ops.add('first', { status: 'running' });
    ops.add('second');
    await turns.join('G1', 'first');
    await turns.join('G1', 'second');
    run.mockResolvedValue('');
    await expect(sut.run(job('second', { userid: 'G1' }))).rejects.toBeInstanceOf(DelayedError);
    expect(run).not.toHaveBeenCalled();
    expect(ops.rows.get('second')!.status).toBe('queued');
    expect(delayed.length).toBeGreaterThan(0);
  });

  it('runs when the head has ended, then wakes the next in line', async () => {
    ops.add('old', { status: 'succeeded' });
    ops.add('mine');
    ops.add('next');
    for (const id of ['old', 'mine', 'next']) await turns.join('G1', id);
    run.mockResolvedValue('');
    await sut.run(job('mine', { userid: 'G1' }));
    expect(ops.rows.get('mine')!.status).toBe('succeeded');
    expect(turns.lines.get('G1')).toEqual(['next']);
    expect(turns.woken).toEqual(['next']);
  });

  it('stops at the next safe point when cancelled, undoing what it did', async () => {
    ops.add('c1');
    const undone: string[] = [];
    run.mockImplementation(async (_p, ctx) => {
      await ctx.step('one', () => Promise.resolve(), {
        undo: () => Promise.resolve(undone.push('one')),
      });
      cancels.add('c1');
      await ctx.step('two', () => Promise.resolve(undone.push('two ran')));
    });
    // its job completes with the cancelled envelope: a cancel is no failure on the dashboard
    await expect(sut.run(job('c1', { userid: 'G1' }))).resolves.toMatchObject({
      overallRC: 409,
      rs: 14,
    });
    expect(undone).toEqual(['one']);
    const row = ops.rows.get('c1')!;
    expect(row.status).toBe('cancelled');
    expect(row.response).toMatchObject({ overallRC: 409, rs: 14, modID: 120 });
    expect(row.steps.map((s) => s.name)).toEqual(['one', 'undo one']);
    expect(cancels.has('c1')).toBe(false);
  });

  it('does not start an operation cancelled while it waited', async () => {
    ops.add('c2');
    cancels.add('c2');
    // its job completes with the cancelled envelope: a cancel is no failure on the dashboard
    await expect(sut.run(job('c2', { userid: 'G1' }))).resolves.toMatchObject({
      overallRC: 409,
      rs: 14,
    });
    expect(run).not.toHaveBeenCalled();
    expect(ops.rows.get('c2')!.status).toBe('cancelled');
  });
});
