import type { HandlerMap } from './operation-handler.js';
import { PruneOperationsHandler } from './prune/prune-operations.handler.js';

/** Job name → handler for the operations lib's own (housekeeping) jobs. */
export const OPERATIONS_HANDLERS = {
  'operations.prune': PruneOperationsHandler,
} satisfies HandlerMap;
