import { jest } from '@jest/globals';
import type { AppConfig } from '#config';
import type { OperationRecord, OperationsRepository } from '#persistence';
import { type OperationEvent, JobWaiter } from './job-waiter.service.js';
import { strictMock } from '#testing/jest';

/** Operation rows by id, read as the repository would (many per statement). */
function rows(status: Record<string, string>) {
  const repo = strictMock<OperationsRepository>({
    getMany: (ids: readonly string[]) =>
      Promise.resolve(ids.map((id) => ({ id, status: status[id] }) as OperationRecord)),
  });
  return new JobWaiter({ WAIT_POLL_MS: 2000 } as AppConfig, repo);
}

/** A queue event, as the api's QueueEvents hand them to the waiter. */
const emit = (w: JobWaiter, e: OperationEvent) =>
  (w as unknown as { emit(e: OperationEvent): void }).emit(e);

describe('JobWaiter.wait', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers the row as it stands once the time is up, and waits due together share a timer', async () => {
    const waiter = rows({ A: 'queued' });
    const timers = jest.spyOn(global, 'setTimeout');
    const answers = await Promise.all(Array.from({ length: 1000 }, () => waiter.wait('A', 60)));
    expect(answers.every((op) => op?.status === 'queued')).toBe(true);
    // one per 20 ms of deadlines (asked within a few), not one per wait
    expect(timers.mock.calls.length).toBeLessThan(50);
    expect(waiter.waiting).toBe(0);
  });

  it('hears an end that comes while its first read is on its way', async () => {
    const status: Record<string, string> = { B: 'running' };
    const waiter = rows(status);
    const wait = waiter.wait('B', 30_000); // missed, it would answer `running` after 30 s
    // the row is read in a later turn; the operation ends before that read is answered
    status.B = 'succeeded';
    emit(waiter, { type: 'completed', id: 'B' });
    expect((await wait)?.status).toBe('succeeded');
  });

  it('wakes at the end event of an operation it is waiting for', async () => {
    const status: Record<string, string> = { C: 'running' };
    const waiter = rows(status);
    const wait = waiter.wait('C', 5000);
    await new Promise((r) => setTimeout(r, 20)); // its first read answered: running
    emit(waiter, { type: 'progress', id: 'C', data: 50 });
    status.C = 'failed';
    emit(waiter, { type: 'failed', id: 'C' });
    expect((await wait)?.status).toBe('failed');
  });

  it('counts the requests it holds, and none once they are answered', async () => {
    const waiter = rows({ E: 'queued', F: 'queued' });
    const held = [waiter.wait('E', 5000), waiter.wait('E', 5000), waiter.wait('F', 50)];
    const stream = waiter.subscribe('E', () => undefined);
    expect(waiter.waiting).toBe(4);
    await held[2];
    expect(waiter.waiting).toBe(3);
    stream();
    stream(); // unsubscribing twice counts once
    expect(waiter.waiting).toBe(2);
    emit(waiter, { type: 'completed', id: 'E', record: () => Promise.resolve(null) });
    await Promise.all(held);
    expect(waiter.waiting).toBe(0);
  });

  it('answers at once without waiting when given no time', async () => {
    const waiter = rows({ D: 'queued' });
    expect((await waiter.wait('D', 0))?.status).toBe('queued');
  });
});

describe('JobWaiter at the api’s stop', () => {
  it('answers a held wait at once with the row as it stands, so the server can close', async () => {
    const waiter = rows({ S: 'running' });
    const t0 = Date.now();
    const wait = waiter.wait('S', 30_000);
    await new Promise((r) => setTimeout(r, 20)); // its first read answered: running
    waiter.beforeApplicationShutdown();
    expect((await wait)?.status).toBe('running');
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(waiter.waiting).toBe(0);
  });

  it('answers a wait asked while stopping without holding it', async () => {
    const waiter = rows({ T: 'queued' });
    waiter.beforeApplicationShutdown();
    const t0 = Date.now();
    expect((await waiter.wait('T', 30_000))?.status).toBe('queued');
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('ends what asked to be ended at the stop (an event stream), and not what unregistered', () => {
    const waiter = rows({});
    const ended: string[] = [];
    waiter.whenStopping(() => ended.push('stream 1'));
    const gone = waiter.whenStopping(() => ended.push('stream 2'));
    gone();
    waiter.beforeApplicationShutdown();
    waiter.whenStopping(() => ended.push('stream 3')); // opened during the stop: ended at once
    expect(ended).toEqual(['stream 1', 'stream 3']);
  });
});
