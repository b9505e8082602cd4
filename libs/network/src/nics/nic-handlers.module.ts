import { Module } from '@nestjs/common';
import { NIC_HANDLERS } from '../network-handlers.js';
import { NicSteps } from './handlers/nic-steps.js';

const HANDLERS = Object.values(NIC_HANDLERS);

/** Worker side of guest NICs and interfaces: the operation handlers. */
@Module({ providers: [NicSteps, ...HANDLERS], exports: HANDLERS })
export class NicHandlersModule {}
