export { DriftModule } from './drift.module.js';
export { DRIFT_HANDLERS } from './drift-handlers.js';
export { DriftStatus, type LastCheck } from './status/drift-status.js';
