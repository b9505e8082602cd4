export * from './queues.js';
export * from './job-catalogue.js';
export * from './webhook-jobs.js';
export * from './payloads/patterns.js';
export { GuestTargetPayload } from './payloads/guest-target.payload.js';
export { RefreshBootmapPayload, VolumeConnectionPayload } from './payloads/volume.payloads.js';
export { ResizeCpusPayload, ResizeMemPayload } from './payloads/guest-resize.payload.js';
export {
  AddDisksPayload,
  ConfigDisk,
  ConfigDisksPayload,
  DeleteDisksPayload,
} from './payloads/guest-disks.payload.js';
export { GrowRootVolumePayload } from './payloads/grow-root.payload.js';
export { CreateGuestPayload, ResolvedDisk } from './payloads/create-guest.payload.js';
export {
  LiveMigratePayload,
  RELOCATE_FORCE,
  RelocateOptions,
} from './payloads/live-migrate.payload.js';
export { PruneOperationsPayload } from './payloads/prune-operations.payload.js';
export { UndoOperationPayload } from './payloads/undo-operation.payload.js';
export {
  DRIFT_DECISIONS,
  DRIFT_KINDS,
  DriftCheckPayload,
  DriftDecisionPayload,
  type DriftDecision,
  type DriftKind,
} from './payloads/drift.payloads.js';
export {
  CapturePayload,
  DeployPayload,
  ExportImagePayload,
  ImportImagePayload,
  REMOTE_HOST,
} from './payloads/image.payloads.js';
export {
  VswitchCreatePayload,
  VswitchNamePayload,
  VswitchUpdatePayload,
} from './payloads/vswitch.payloads.js';
export {
  CoupleNicPayload,
  CreateInterfacePayload,
  CreateNicPayload,
  DeleteInterfacePayload,
  DeleteNicPayload,
} from './payloads/nic.payloads.js';
export * from './job-plans.js';
