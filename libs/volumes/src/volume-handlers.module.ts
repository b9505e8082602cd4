import { Module } from '@nestjs/common';
import { VOLUME_HANDLERS } from './volume-handlers.js';

const HANDLERS = Object.values(VOLUME_HANDLERS);

/** Worker side of the volumes feature: attach, detach and refresh-bootmap operations. */
@Module({ providers: HANDLERS, exports: HANDLERS })
export class VolumeHandlersModule {}
