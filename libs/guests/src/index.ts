export { GuestsModule } from './guests.module.js';
export { GuestHandlersModule } from './guest-handlers.module.js';
export { CreateGuestHandler } from './lifecycle/create-guest.handler.js';
export { DeleteGuestHandler } from './lifecycle/delete-guest.handler.js';
export { StartGuestHandler, StopGuestHandler } from './power/power.handlers.js';
export { UseridPipe } from './userid.pipe.js';
export { requireManagedGuest } from './managed-guest.js';
export { parseUseridList } from './userid-list.js';
export { DeployHandler } from './deploy-capture/deploy.handler.js';
export { CaptureHandler } from './deploy-capture/capture.handler.js';
export { LiveMigrateHandler } from './migration/live-migrate.handler.js';
export {
  ConsoleOutputHandler,
  PauseGuestHandler,
  RebootGuestHandler,
  ResetGuestHandler,
  SoftstopGuestHandler,
  UnpauseGuestHandler,
} from './power/power-actions.handlers.js';
export { ResizeCpusHandler, ResizeMemHandler } from './actions/resize.handlers.js';
export { AddDisksHandler, DeleteDisksHandler } from './disks/disks.handlers.js';
export { LiveResizeCpusHandler, LiveResizeMemHandler } from './actions/live-resize.handlers.js';
export { ConfigDisksHandler } from './disks/config-disks.handler.js';
export { GrowRootVolumeHandler } from './actions/grow-root.handler.js';
