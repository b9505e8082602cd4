import { Module } from '@nestjs/common';
import {
  ConsoleOutputHandler,
  PauseGuestHandler,
  RebootGuestHandler,
  ResetGuestHandler,
  SoftstopGuestHandler,
  UnpauseGuestHandler,
} from './power/power-actions.handlers.js';
import { LiveResizeCpusHandler, LiveResizeMemHandler } from './actions/live-resize.handlers.js';
import { ResizeCpusHandler, ResizeMemHandler } from './actions/resize.handlers.js';
import { AddDisksHandler, DeleteDisksHandler } from './disks/disks.handlers.js';
import { ConfigDisksHandler } from './disks/config-disks.handler.js';
import { GrowRootVolumeHandler } from './actions/grow-root.handler.js';
import { CreateGuestHandler } from './lifecycle/create-guest.handler.js';
import { DeleteGuestHandler } from './lifecycle/delete-guest.handler.js';
import { StartGuestHandler, StopGuestHandler } from './power/power.handlers.js';
import { CaptureHandler } from './deploy-capture/capture.handler.js';
import { DeployHandler } from './deploy-capture/deploy.handler.js';
import { LiveMigrateHandler } from './migration/live-migrate.handler.js';

const HANDLERS = [
  CreateGuestHandler,
  DeleteGuestHandler,
  StartGuestHandler,
  StopGuestHandler,
  DeployHandler,
  CaptureHandler,
  LiveMigrateHandler,
  SoftstopGuestHandler,
  PauseGuestHandler,
  UnpauseGuestHandler,
  RebootGuestHandler,
  ResetGuestHandler,
  ConsoleOutputHandler,
  ResizeCpusHandler,
  ResizeMemHandler,
  LiveResizeCpusHandler,
  LiveResizeMemHandler,
  AddDisksHandler,
  DeleteDisksHandler,
  ConfigDisksHandler,
  GrowRootVolumeHandler,
];

/** Worker side of the guests feature: the operation handlers. */
@Module({ providers: HANDLERS, exports: HANDLERS })
export class GuestHandlersModule {}
