export { AdoptionModule } from './adoption.module.js';
export {
  AdoptionService,
  type AdoptionOptions,
  type AdoptionResult,
  type AdoptionStatus,
} from './adoption.service.js';
export { formatConfig, formatReport, jsonReport } from './report.js';
export { readConfigFile, translateConfig, type ConfigTranslation } from './config/zvmsdk-config.js';
export { ReferenceDatabaseError } from './reference/reference-error.js';
export { readReference, REFERENCE_FILES } from './reference/reference-db.js';
export { planAdoption } from './plan/adoption-plan.js';
export type { AdoptionPlan, Conflict, Kind, Prefer } from './plan/plan.types.js';
