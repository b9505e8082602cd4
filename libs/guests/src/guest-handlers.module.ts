import { Module } from '@nestjs/common';
import { GUEST_HANDLERS } from './guest-handlers.js';
import { GuestDepartures } from './managed/guest-departures.js';
import { GuestRegistration } from './migration/guest-registration.js';

const HANDLERS = Object.values(GUEST_HANDLERS);

/**
 * Worker side of the guests feature: the operation handlers, the word that a guest left, and
 * register_vm's records (for the drift report's adoptions).
 */
@Module({
  providers: [...HANDLERS, GuestDepartures, GuestRegistration],
  exports: [...HANDLERS, GuestRegistration],
})
export class GuestHandlersModule {}
