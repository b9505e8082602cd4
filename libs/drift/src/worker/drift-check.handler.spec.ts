import { Logger } from '@nestjs/common';
import { jest } from '@jest/globals';
import type { DriftRepository } from '#persistence';
import type { DriftItem } from '../domain/drift-item.js';
import type { DriftScanner } from '../scan/drift-scanner.js';
import type { DriftStatus, LastCheck } from '../status/drift-status.js';
import { DriftCheckHandler } from './drift-check.handler.js';
import { strictMock } from '#testing/jest';

const item = (kind: DriftItem['kind'], id: string): DriftItem => ({
  kind,
  id,
  hypervisor: null,
  database: null,
  userid: null,
});

/** A check over `found`, after a last check that found `before` (null: none yet). */
function setUp(found: DriftItem[], before: string[] | null) {
  let saved: LastCheck | null = before && {
    at: '2026-01-01T00:00:00.000Z',
    counts: {} as LastCheck['counts'],
    items: before,
  };
  const stale = [{ kind: 'nic_differs', itemId: 'DRF01.3000', operationId: 'op-9' }];
  const scanner = strictMock<DriftScanner>({
    scan: () => Promise.resolve({ at: new Date(), items: found, forgotten: [], stale }),
  });
  const status = strictMock<DriftStatus>({
    last: () => Promise.resolve(saved),
    save: (c: LastCheck) => Promise.resolve(void (saved = c)),
  });
  const dropped: unknown[] = [];
  const repo = strictMock<DriftRepository>({
    dropForgotten: (marks: unknown) => Promise.resolve(void dropped.push(marks)),
  });
  const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  return {
    handler: new DriftCheckHandler(scanner, status, repo),
    warn,
    log,
    saved: () => saved,
    dropped,
    stale,
  };
}

describe('DriftCheckHandler', () => {
  afterEach(() => jest.restoreAllMocks());

  it('warns of what appeared and tells what went since the last check, and keeps the counts', async () => {
    const s = setUp(
      [item('guest_unknown', 'DRFX1'), item('nic_differs', 'DRF01.2000')],
      ['guest_unknown DRFX1', 'guest_missing DRF02'],
    );
    const counts = await s.handler.run({});
    expect(counts).toMatchObject({ guest_unknown: 1, nic_differs: 1, guest_missing: 0 });
    expect(s.warn).toHaveBeenCalledWith(
      'drift: 2 item(s); appeared: nic_differs DRF01.2000; gone: guest_missing DRF02',
    );
    expect(s.saved()).toMatchObject({
      counts: { nic_differs: 1 },
      items: ['guest_unknown DRFX1', 'nic_differs DRF01.2000'],
    });
    // the forgotten marks its scan read of items no longer forgotten as they are, and no other
    expect(s.dropped).toEqual([s.stale]);
  });

  it('says nothing when nothing changed, and only tells (no warning) of what went', async () => {
    const same = setUp([item('guest_unknown', 'DRFX1')], ['guest_unknown DRFX1']);
    await same.handler.run({});
    expect(same.warn).not.toHaveBeenCalled();
    expect(same.log).not.toHaveBeenCalled();
    jest.restoreAllMocks();
    const better = setUp([], ['guest_unknown DRFX1']);
    await better.handler.run({});
    expect(better.warn).not.toHaveBeenCalled();
    expect(better.log).toHaveBeenCalledWith('drift: 0 item(s); gone: guest_unknown DRFX1');
  });

  it('tells what the first check finds', async () => {
    const first = setUp([], null);
    await first.handler.run({});
    expect(first.log).toHaveBeenCalledWith('drift: 0 item(s)');
  });
});
