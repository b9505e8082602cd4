import { Controller, Get, Query } from '@nestjs/common';
import { type Envelope, UseStatusRule } from '#envelope';
import { HostService } from './host.service.js';

/** Spec §4.8. The reference's default status rule, except /host/diskpool (not found → 404). */
@Controller('host')
export class HostController {
  constructor(private readonly host: HostService) {}

  @Get()
  info(): Promise<Envelope> {
    return this.host.info();
  }

  @Get('guests')
  guests(): Promise<Envelope<string[]>> {
    return this.host.guests();
  }

  @Get('diskpool')
  @UseStatusRule('notFound')
  diskpool(@Query('poolname') poolname: unknown, @Query('details') details: unknown) {
    return this.host.diskpool(poolname, details);
  }

  @Get('diskpool_volumes')
  diskpoolVolumes(@Query('poolname') poolname: unknown): Promise<Envelope> {
    return this.host.diskpoolVolumes(poolname);
  }

  @Get('volume')
  volume(@Query('volumename') volumename: unknown): Promise<Envelope> {
    return this.host.volume(volumename);
  }

  @Get('ssi')
  ssi(): Promise<Envelope<string[]>> {
    return this.host.ssi();
  }
}
