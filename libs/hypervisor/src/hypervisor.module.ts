import { Global, Module } from '@nestjs/common';
import { AppConfig } from '#config';
import { HypervisorClient } from './hypervisor.client.js';
import { SmapiHealth } from './smapi-health.js';
import { SystemFacts } from './system-facts.js';
import { createHypervisorTransport } from './transport.factory.js';
import { HypervisorTransport } from './transport.js';

/** Provides HypervisorClient over the transport chosen by HV_TRANSPORT. */
@Global()
@Module({
  providers: [
    {
      provide: HypervisorTransport,
      inject: [AppConfig],
      useFactory: (cfg: AppConfig): Promise<HypervisorTransport> => createHypervisorTransport(cfg),
    },
    SmapiHealth,
    HypervisorClient,
    SystemFacts,
  ],
  exports: [HypervisorClient, SmapiHealth, SystemFacts],
})
export class HypervisorModule {}
