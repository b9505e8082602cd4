import { Controller, Get, Query } from '@nestjs/common';
import { type Envelope, UseStatusRule } from '#envelope';
import {
  DISKPOOL_OUTPUT,
  DISKPOOL_VOLUMES_OUTPUT,
  HOST_GUESTS_OUTPUT,
  HOST_INFO_OUTPUT,
  SSI_OUTPUT,
  VOLUME_OUTPUT,
} from './host.openapi.js';
import { HostService } from './host.service.js';

/** Spec §4.8. The reference's default status rule, except /host/diskpool (not found → 404). */
@Controller('host')
export class HostController {
  constructor(private readonly host: HostService) {}

  @Get()
  @HOST_INFO_OUTPUT
  info(): Promise<Envelope> {
    return this.host.info();
  }

  @Get('guests')
  @HOST_GUESTS_OUTPUT
  guests(): Promise<Envelope<string[]>> {
    return this.host.guests();
  }

  @Get('diskpool')
  @DISKPOOL_OUTPUT
  @UseStatusRule('notFound')
  diskpool(@Query('poolname') poolname: unknown, @Query('details') details: unknown) {
    return this.host.diskpool(poolname, details);
  }

  @Get('diskpool_volumes')
  @DISKPOOL_VOLUMES_OUTPUT
  diskpoolVolumes(@Query('poolname') poolname: unknown): Promise<Envelope> {
    return this.host.diskpoolVolumes(poolname);
  }

  @Get('volume')
  @VOLUME_OUTPUT
  volume(@Query('volumename') volumename: unknown): Promise<Envelope> {
    return this.host.volume(volumename);
  }

  @Get('ssi')
  @SSI_OUTPUT
  ssi(): Promise<Envelope<string[]>> {
    return this.host.ssi();
  }
}
