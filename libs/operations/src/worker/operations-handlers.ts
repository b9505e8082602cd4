import type { HandlerMap } from './operation-handler.js';
import { PruneOperationsHandler } from './prune/prune-operations.handler.js';
import { UndoOperationHandler } from './undo/undo-operation.handler.js';

/** Job name → handler for the operations lib's own (housekeeping) jobs. */
export const OPERATIONS_HANDLERS = {
  'operations.prune': PruneOperationsHandler,
  'operations.undo': UndoOperationHandler,
} satisfies HandlerMap;
