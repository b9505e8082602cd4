import { loadConfig } from '#config';
import type { OperationsRepository } from '#persistence';
import { PruneOperationsHandler } from './prune-operations.handler.js';
import { strictMock } from '#testing/jest';

describe('PruneOperationsHandler', () => {
  it('prunes with the configured retention for ended and failed operations', async () => {
    const calls: [Date, Date][] = [];
    const ops = strictMock<OperationsRepository>({
      pruneEnded: (ended: Date, failed: Date) => {
        calls.push([ended, failed]);
        return Promise.resolve(3);
      },
    });
    const cfg = loadConfig({
      OPERATION_RETENTION_DAYS: '2',
      FAILED_OPERATION_RETENTION_DAYS: '10',
    });
    const now = Date.now();
    expect(await new PruneOperationsHandler(cfg, ops).run({})).toEqual({ deleted: 3 });
    const [ended, failed] = calls[0];
    const day = 24 * 3600 * 1000;
    expect(Math.abs(now - ended.getTime() - 2 * day)).toBeLessThan(5000);
    expect(Math.abs(now - failed.getTime() - 10 * day)).toBeLessThan(5000);
  });
});
