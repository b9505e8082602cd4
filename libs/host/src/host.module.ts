import { Module } from '@nestjs/common';
import { HostController } from './host.controller.js';
import { HostService } from './host.service.js';

/** The host the guests run on: its facts, disk pools and SSI cluster (spec §4.8). */
@Module({ controllers: [HostController], providers: [HostService] })
export class HostModule {}
