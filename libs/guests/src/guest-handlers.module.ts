import { Module } from '@nestjs/common';
import { GUEST_HANDLERS } from './guest-handlers.js';
import { GuestDepartures } from './managed/guest-departures.js';

const HANDLERS = Object.values(GUEST_HANDLERS);

/** Worker side of the guests feature: the operation handlers, and the word that a guest left. */
@Module({ providers: [...HANDLERS, GuestDepartures], exports: HANDLERS })
export class GuestHandlersModule {}
