import { loadConfig } from '#config';
import { HvError } from '#envelope';
import type { OperationRecord, OperationsRepository } from '#persistence';
import { Idempotency } from './idempotency.service.js';
import { strictMock } from '#testing/jest';

function sut(prior: Partial<OperationRecord> | null) {
  const released: string[] = [];
  const ops = strictMock<OperationsRepository>({
    findByIdempotencyKey: () => Promise.resolve(prior),
    releaseIdempotencyKey: (id: string) => Promise.resolve(void released.push(id)),
  });
  return { idem: new Idempotency(loadConfig({ IDEMPOTENCY_TTL_S: '60' }), ops), released };
}

describe('Idempotency', () => {
  it('hashes the same request the same way whatever the key order', () => {
    const { idem } = sut(null);
    expect(idem.hash('guest.create', { a: 1, b: [1, { c: 2, d: 3 }] })).toBe(
      idem.hash('guest.create', { b: [1, { d: 3, c: 2 }], a: 1 }),
    );
    expect(idem.hash('guest.create', { a: 1 })).not.toBe(idem.hash('guest.delete', { a: 1 }));
    expect(idem.hash('k', { a: 1 })).not.toBe(idem.hash('k', { a: 2 }));
  });

  it('returns the operation of a live key with the same request', async () => {
    const { idem } = sut({ id: 'op1', requestHash: 'h', createdAt: new Date() });
    expect(await idem.find('key', 'h')).toMatchObject({ id: 'op1' });
  });

  it('refuses a different request under a live key with 422', async () => {
    const { idem } = sut({ id: 'op1', requestHash: 'h', createdAt: new Date() });
    const err = await idem.find('key', 'other').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HvError);
    expect((err as HvError).httpStatus).toBe(422);
  });

  it('releases an expired key', async () => {
    const { idem, released } = sut({
      id: 'op1',
      requestHash: 'h',
      createdAt: new Date(Date.now() - 120_000),
    });
    expect(await idem.find('key', 'other')).toBeNull();
    expect(released).toEqual(['op1']);
  });
});
