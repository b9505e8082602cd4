import { Module } from '@nestjs/common';
import { ConnectorService } from './connector/connector.service.js';
import { FcpHardware } from './fcp/fcp-hardware.service.js';
import { FcpUsageService } from './fcp/fcp-usage.service.js';
import { FcpTemplatesService } from './templates/fcp-templates.service.js';
import { VolumeAttachController } from './volume-attach.controller.js';
import { VolumeBootmapController } from './volume-bootmap.controller.js';
import { VolumesController } from './volumes.controller.js';
import { AttachDryRunChecks } from './dry-run/attach-dry-run.checks.js';

/** Api side of the volumes feature (FCP templates, usage records, connector). */
@Module({
  controllers: [VolumesController, VolumeAttachController, VolumeBootmapController],
  providers: [
    FcpHardware,
    FcpTemplatesService,
    FcpUsageService,
    ConnectorService,
    AttachDryRunChecks,
  ],
  exports: [FcpHardware],
})
export class VolumesModule {}
