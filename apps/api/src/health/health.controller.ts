import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '#auth';
import { type Envelope, UseStatusRule, ok } from '#envelope';
import { SmapiHealth } from '#hypervisor';
import { AnsweredAtOnce } from '../http/turn-admission.js';
import { ReadinessService } from './readiness.service.js';
import { NOT_READY, SMAPI_HEALTH_OUTPUT, SMAPI_HEALTHY_ANSWER } from './health.openapi.js';

/** Probes for orchestrators (public) and the reference's systems-management health report. */
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: ReadinessService,
    private readonly smapi: SmapiHealth,
  ) {}

  @Get('health/live')
  @Public()
  @AnsweredAtOnce()
  live(): Envelope {
    return ok({ status: 'ok' });
  }

  @Get('health/ready')
  @Public()
  @AnsweredAtOnce()
  @HttpCode(200)
  @ApiResponse(NOT_READY)
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Envelope> {
    const report = await this.readiness.check();
    if (report.status !== 'ok') void reply.status(503);
    return ok(report);
  }

  /** Spec §4.1: counters of hypervisor calls, shared by the api and the workers. */
  @Get('smapi_health')
  @SMAPI_HEALTH_OUTPUT
  @UseStatusRule('always200')
  async smapiHealth(): Promise<Envelope> {
    return ok(await this.smapi.report());
  }

  /**
   * Deprecated reference route, kept for old clients: the same counters as a bare
   * `{"SMAPI": {…}}` object with the reference's key spelling — the one answer that is not an
   * envelope, because that is what those clients parse.
   */
  @Get('smapi-healthy')
  @ApiOperation({ deprecated: true, summary: 'Deprecated: use GET /smapi_health' })
  @ApiResponse(SMAPI_HEALTHY_ANSWER)
  async smapiHealthy(@Res() reply: FastifyReply): Promise<void> {
    const r = await this.smapi.report();
    const body = {
      SMAPI: {
        totalSuccess: r.totalSuccess,
        totalFail: r.totalFail,
        lastSuccess: r.lastSuccess,
        lastFail: r.lastFail,
        continueousFail: r.continuousFail,
        healthy: r.healthy,
      },
    };
    void reply.type('application/json').send(body);
  }
}
