import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '#config';
import type { PruneOperationsPayload } from '#jobs';
import { OperationsRepository } from '#persistence';
import type { OperationHandler } from '../operation-handler.js';

const DAY_MS = 24 * 3600 * 1000;

/** operations.prune: deletes ended operations past retention (7 days; failed ones 30). */
@Injectable()
export class PruneOperationsHandler implements OperationHandler<'operations.prune'> {
  private readonly log = new Logger(PruneOperationsHandler.name);

  constructor(
    private readonly cfg: AppConfig,
    private readonly ops: OperationsRepository,
  ) {}

  async run(_: PruneOperationsPayload): Promise<{ deleted: number }> {
    const now = Date.now();
    const deleted = await this.ops.pruneEnded(
      new Date(now - this.cfg.OPERATION_RETENTION_DAYS * DAY_MS),
      new Date(now - this.cfg.FAILED_OPERATION_RETENTION_DAYS * DAY_MS),
    );
    if (deleted) this.log.log(`pruned ${deleted} ended operations`);
    return { deleted };
  }
}
