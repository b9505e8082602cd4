import { Module } from '@nestjs/common';
import { CreateGuestHandler } from './handlers/create-guest.handler.js';
import { DeleteGuestHandler } from './handlers/delete-guest.handler.js';
import { StartGuestHandler, StopGuestHandler } from './handlers/power.handlers.js';
import { CaptureHandler } from './image/capture.handler.js';
import { DeployHandler } from './image/deploy.handler.js';
import { LiveMigrateHandler } from './migration/live-migrate.handler.js';

const HANDLERS = [
  CreateGuestHandler,
  DeleteGuestHandler,
  StartGuestHandler,
  StopGuestHandler,
  DeployHandler,
  CaptureHandler,
  LiveMigrateHandler,
];

/** Worker side of the guests feature: the operation handlers. */
@Module({ providers: HANDLERS, exports: HANDLERS })
export class GuestHandlersModule {}
