import { Module } from '@nestjs/common';
import { CoupleNicHandler, UncoupleNicHandler } from './handlers/couple.handlers.js';
import { CreateInterfaceHandler, DeleteInterfaceHandler } from './handlers/interface.handlers.js';
import { CreateNicHandler, DeleteNicHandler } from './handlers/nic.handlers.js';
import { NicSteps } from './handlers/nic-steps.js';

const HANDLERS = [
  CreateNicHandler,
  DeleteNicHandler,
  CoupleNicHandler,
  UncoupleNicHandler,
  CreateInterfaceHandler,
  DeleteInterfaceHandler,
];

/** Worker side of guest NICs and interfaces: the operation handlers. */
@Module({ providers: [NicSteps, ...HANDLERS], exports: HANDLERS })
export class NicHandlersModule {}
