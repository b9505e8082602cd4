import { Injectable } from '@nestjs/common';
import type { UndoOperationPayload } from '#jobs';
import type { OperationHandler } from '../operation-handler.js';
import { OperationReconciler } from '../operation-reconciler.js';

/**
 * operations.undo: an operator's resolve retries the undo of a needs_attention operation now,
 * as the reconciler would at its next pass (under the same lock: never both at once).
 */
@Injectable()
export class UndoOperationHandler implements OperationHandler<'operations.undo'> {
  constructor(private readonly reconciler: OperationReconciler) {}

  async run(p: UndoOperationPayload): Promise<{ undone: boolean }> {
    return { undone: await this.reconciler.retryUndo(p.operation_id) };
  }
}
