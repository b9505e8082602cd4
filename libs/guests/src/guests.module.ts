import { Module } from '@nestjs/common';
import { GuestActionsController } from './guest-actions.controller.js';
import { GuestActionsService } from './guest-actions.service.js';
import { GuestsController } from './guests.controller.js';
import { GuestsService } from './guests.service.js';
import { GuestImageService } from './image/guest-image.service.js';

/** Api side of the guests feature. */
@Module({
  controllers: [GuestsController, GuestActionsController],
  providers: [GuestsService, GuestActionsService, GuestImageService],
})
export class GuestsModule {}
