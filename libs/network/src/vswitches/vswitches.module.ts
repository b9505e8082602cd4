import { Module } from '@nestjs/common';
import { VswitchesController } from './vswitches.controller.js';
import { VswitchesService } from './vswitches.service.js';

/** Api side of the vswitches feature (spec §4.10). */
@Module({ controllers: [VswitchesController], providers: [VswitchesService] })
export class VswitchesModule {}
