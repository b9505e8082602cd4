import { Module } from '@nestjs/common';
import {
  CreateVswitchHandler,
  DeleteVswitchHandler,
  UpdateVswitchHandler,
} from './handlers/vswitch.handlers.js';

const HANDLERS = [CreateVswitchHandler, UpdateVswitchHandler, DeleteVswitchHandler];

/** Worker side of the vswitches feature: create, update and delete operations. */
@Module({ providers: HANDLERS, exports: HANDLERS })
export class VswitchHandlersModule {}
