import { Module } from '@nestjs/common';
import { NicChangesService } from './nic-changes.service.js';
import { NicReadsService } from './nic-reads.service.js';
import { NicsController } from './nics.controller.js';
import { VswitchPortController } from './vswitch-port.controller.js';
import { NicDryRunChecks } from './dry-run/nic-dry-run.checks.js';

/** Api side of guest NICs and network interfaces (spec §4.5, §4.6, GET /vswitch). */
@Module({
  controllers: [NicsController, VswitchPortController],
  providers: [NicReadsService, NicChangesService, NicDryRunChecks],
})
export class NicsModule {}
