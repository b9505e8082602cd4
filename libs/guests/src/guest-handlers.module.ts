import { Module } from '@nestjs/common';
import { GUEST_HANDLERS } from './guest-handlers.js';

const HANDLERS = Object.values(GUEST_HANDLERS);

/** Worker side of the guests feature: the operation handlers. */
@Module({ providers: HANDLERS, exports: HANDLERS })
export class GuestHandlersModule {}
