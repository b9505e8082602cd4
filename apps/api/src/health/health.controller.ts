import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '#auth';
import { type Envelope, UseStatusRule, ok } from '#envelope';
import { SmapiHealth } from '#hypervisor';
import { ReadinessService } from './readiness.service.js';

/** Probes for orchestrators (public) and the reference's systems-management health report. */
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: ReadinessService,
    private readonly smapi: SmapiHealth,
  ) {}

  @Get('health/live')
  @Public()
  live(): Envelope {
    return ok({ status: 'ok' });
  }

  @Get('health/ready')
  @Public()
  @HttpCode(200)
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Envelope> {
    const report = await this.readiness.check();
    if (report.status !== 'ok') void reply.status(503);
    return ok(report);
  }

  /** Spec §4.1: counters of hypervisor calls, shared by the api and the workers. */
  @Get('smapi_health')
  @UseStatusRule('always200')
  async smapiHealth(): Promise<Envelope> {
    return ok(await this.smapi.report());
  }
}
