import { Controller, Get, Query } from '@nestjs/common';
import { type Envelope, UseStatusRule } from '#envelope';
import { parseUseridList } from '../userid-list.js';
import { GUEST_STATS_OUTPUT } from './guest-stats.openapi.js';
import { type GuestStats, GuestStatsService } from './guest-stats.service.js';

/** Spec §4.5 GET /guests/stats?userid=a,b: CPU and memory counters of running guests. */
@Controller('guests/stats')
export class GuestStatsController {
  constructor(private readonly stats: GuestStatsService) {}

  @Get()
  @GUEST_STATS_OUTPUT
  @UseStatusRule('notFound')
  get(@Query('userid') userid: unknown): Promise<Envelope<Record<string, GuestStats>>> {
    return this.stats.stats(parseUseridList(userid));
  }
}
