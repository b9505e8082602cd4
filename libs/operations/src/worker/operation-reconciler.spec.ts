import { jest } from '@jest/globals';
import type { ModuleRef } from '@nestjs/core';
import { loadConfig } from '#config';
import type { OperationsRepository } from '#persistence';
import type { RedisService } from '../coordination/redis.service.js';
import { OperationReconciler } from './operation-reconciler.js';
import type { OperationSettler } from './operation-settler.js';
import type { OperationUnwinder } from './operation-unwinder.js';
import type { LateEffectSweep } from './late-effect-sweep.js';
import type { QueueDrain } from '../queue-drain.service.js';
import { strictMock } from '#testing/jest';

describe('OperationReconciler', () => {
  it('sweeps once as the worker starts, not only after the first interval', async () => {
    const staleIn = jest.fn(() => Promise.resolve([]));
    const sut = new OperationReconciler(
      loadConfig({ RECONCILE_INTERVAL_S: '3600' }),
      strictMock<OperationsRepository>({ staleIn }),
      {} as OperationUnwinder,
      {} as OperationSettler,
      {} as RedisService,
      {} as ModuleRef,
      strictMock<LateEffectSweep>({ pass: () => Promise.resolve() }),
      strictMock<QueueDrain>({ apply: () => Promise.resolve() }),
    );
    sut.onApplicationBootstrap();
    try {
      await new Promise((r) => setImmediate(r));
      expect(staleIn).toHaveBeenCalledTimes(1);
    } finally {
      sut.onApplicationShutdown();
    }
  });
});
