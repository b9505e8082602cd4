import { Module } from '@nestjs/common';
import { FcpRepository } from './fcp/fcp.repository.js';
import { AttachVolumeHandler } from './handlers/attach-volume.handler.js';
import { DetachVolumeHandler } from './handlers/detach-volume.handler.js';

const HANDLERS = [AttachVolumeHandler, DetachVolumeHandler];

/** Worker side of the volumes feature: attach and detach operations. */
@Module({ providers: [FcpRepository, ...HANDLERS], exports: HANDLERS })
export class VolumeHandlersModule {}
