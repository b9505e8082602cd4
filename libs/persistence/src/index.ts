export { PersistenceModule } from './persistence.module.js';
export { DatabaseHealth } from './database-health.js';
export { StatementCounter } from './statement-counter.js';
export { GuestsRepository } from './guests.repository.js';
export { ImagesRepository } from './images.repository.js';
export { NicsRepository } from './nics.repository.js';
export type { NicQuery, NicRecord } from './nic.types.js';
export { OperationsRepository } from './operations.repository.js';
export { OperationStatsRepository, type OperationCount } from './operation-stats.repository.js';
export { DuplicateRecordError, InvalidCursorError, RunSupersededError } from './errors.js';
export { providerOf, sqliteFilePath, type DatabaseProvider } from './database-url.js';
export { migrateDeploy } from './migrate-deploy.js';
export type { GuestPatch, GuestRecord, NewGuest } from './guest.types.js';
export type { ImageRecord, NewImage } from './image.types.js';
export {
  OPERATION_STATUSES,
  type FinalOperationStatus,
  type NewOperation,
  type OperationOutcome,
  type OperationPage,
  type OperationAudit,
  type OperationResolution,
  type OperationQuery,
  type OperationRecord,
  type OperationStatus,
  type OperationStep,
  type LateEffect,
} from './operation.types.js';
export { FcpRaceLostError, FcpRepository } from './fcp.repository.js';
export { FcpTemplateRepository } from './fcp-template.repository.js';
export { inUse, type FcpRow, type FcpUsage, type TemplateRecord } from './fcp.types.js';
export { AdoptionRepository } from './adoption.repository.js';
export type {
  AdoptedGuest,
  AdoptionCounts,
  AdoptionSnapshot,
  AdoptionWrites,
} from './adoption.types.js';
export { DriftRepository } from './drift.repository.js';
export { QueueDrainRepository, type QueueDrainRecord } from './queue-drain.repository.js';
export type { ForgottenDrift, OperationTouch, TouchingOperation } from './drift.types.js';
export { WebhookSubscriptionsRepository } from './webhook-subscriptions.repository.js';
export { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
export { WebhookOutboxRepository } from './webhook-outbox.repository.js';
export type {
  DeliveryAttempt,
  DeliveryRecord,
  DeliveryStatus,
  NewDelivery,
  NewSubscription,
  OutboxEntry,
  SecretPair,
  SubscriptionRecord,
} from './webhook.types.js';
