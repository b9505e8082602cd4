import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Registry } from 'prom-client';
import { Public } from '#auth';
import { AnsweredAtOnce } from '../http/turn-admission.js';
import { MetricsRegistry } from './metrics.registry.js';
import { OperatorGuard } from './operator.guard.js';

/**
 * GET /metrics for Prometheus. Public to the token check, which knows only X-Auth-Token, and
 * guarded by the operator credentials instead; not in the OpenAPI document (not an envelope).
 */
@ApiExcludeController()
@Controller('metrics')
@UseGuards(OperatorGuard)
export class MetricsController {
  constructor(private readonly metrics: MetricsRegistry) {}

  @Get()
  @Public()
  @AnsweredAtOnce()
  @Header('content-type', Registry.PROMETHEUS_CONTENT_TYPE)
  scrape(): Promise<string> {
    return this.metrics.scrape();
  }
}
