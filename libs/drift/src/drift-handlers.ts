import type { HandlerMap } from '#operations';
import { DriftAdoptHandler } from './worker/drift-adopt.handler.js';
import { DriftCheckHandler } from './worker/drift-check.handler.js';
import { DriftForgetHandler } from './worker/drift-forget.handler.js';

/** Job name → handler for the drift report's jobs. */
export const DRIFT_HANDLERS = {
  'drift.check': DriftCheckHandler,
  'drift.adopt': DriftAdoptHandler,
  'drift.forget': DriftForgetHandler,
} satisfies HandlerMap;
