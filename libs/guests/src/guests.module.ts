import { Module } from '@nestjs/common';
import { GuestActionsController } from './guest-actions.controller.js';
import { GuestActionsService } from './guest-actions.service.js';
import { GuestsController } from './guests.controller.js';
import { GuestsService } from './guests.service.js';

/** Api side of the guests feature. */
@Module({
  controllers: [GuestsController, GuestActionsController],
  providers: [GuestsService, GuestActionsService],
})
export class GuestsModule {}
