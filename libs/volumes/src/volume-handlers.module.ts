import { Module } from '@nestjs/common';
import { AttachVolumeHandler } from './handlers/attach-volume.handler.js';
import { DetachVolumeHandler } from './handlers/detach-volume.handler.js';
import { RefreshBootmapHandler } from './handlers/refresh-bootmap.handler.js';

const HANDLERS = [AttachVolumeHandler, DetachVolumeHandler, RefreshBootmapHandler];

/** Worker side of the volumes feature: attach, detach and refresh-bootmap operations. */
@Module({ providers: HANDLERS, exports: HANDLERS })
export class VolumeHandlersModule {}
