import { Module } from '@nestjs/common';
import { VSWITCH_HANDLERS } from '../network-handlers.js';

const HANDLERS = Object.values(VSWITCH_HANDLERS);

/** Worker side of the vswitches feature: create, update and delete operations. */
@Module({ providers: HANDLERS, exports: HANDLERS })
export class VswitchHandlersModule {}
