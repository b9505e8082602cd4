import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AuthModule } from '#auth';
import { ConfigModule, type Config } from '#config';
import { DriftModule } from '#drift';
import { FilesModule } from '#files';
import { GuestsModule } from '#guests';
import { HostModule } from '#host';
import { HypervisorModule, LinkProbe } from '#hypervisor';
import { ImagesModule } from '#images';
import { OperationsModule } from '#operations';
import { PersistenceModule } from '#persistence';
import { TracingShutdown } from '#telemetry';
import { VolumesModule } from '#volumes';
import { NicsModule, VswitchesModule } from '#network';
import { WebhooksModule } from '#webhooks';
import { HealthController } from './health/health.controller.js';
import { ReadinessService } from './health/readiness.service.js';
import { EnvelopeFilter } from './http/envelope.filter.js';
import { RouteTable } from './http/route-table.js';
import { envelopeValidationPipe } from './http/validation.pipe.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { OpenApiModule } from './openapi/openapi.module.js';
import { TokenController } from './token/token.controller.js';
import { VersionController } from './version/version.controller.js';

/** The api process: edge (auth, validation, envelope), reads, and operation submission. */
@Module({})
export class ApiModule {
  static forRoot(config: Config, routes: RouteTable) {
    return {
      module: ApiModule,
      imports: [
        ConfigModule.forRoot(config),
        PersistenceModule,
        AuthModule,
        HypervisorModule,
        OperationsModule.forApi(),
        GuestsModule,
        HostModule,
        ImagesModule,
        VolumesModule,
        VswitchesModule,
        NicsModule,
        FilesModule,
        WebhooksModule.forApi(),
        DriftModule.forApi(),
        MetricsModule,
        OpenApiModule,
      ],
      controllers: [VersionController, TokenController, HealthController],
      providers: [
        ReadinessService,
        LinkProbe,
        TracingShutdown,
        { provide: RouteTable, useValue: routes },
        { provide: APP_PIPE, useFactory: envelopeValidationPipe },
        { provide: APP_FILTER, useClass: EnvelopeFilter },
      ],
    };
  }
}
