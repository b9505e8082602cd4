import { Global, Module } from '@nestjs/common';
import { AppConfig } from '#config';
import { CpQueries } from './cp.queries.js';
import { SystemsManagement } from './hypervisor.client.js';
import { HypervisorExchange } from './hypervisor.exchange.js';
import { HypervisorRestarts } from './hypervisor-restarts.js';
import { ManagementGuestOps } from './management-guest.ops.js';
import { SmapiHealth } from './smapi-health.js';
import { SystemFacts } from './system-facts.js';
import { createHypervisorTransport } from './transport.factory.js';
import { HypervisorTransport } from './transport.js';

/**
 * Provides the hypervisor's interfaces over the transport chosen by HV_TRANSPORT: the
 * exchange, and beside it (each taking it) the systems-management functions, the CP queries
 * and the management guest's operations; a class injects the ones it uses.
 */
@Global()
@Module({
  providers: [
    {
      provide: HypervisorTransport,
      inject: [AppConfig],
      useFactory: (cfg: AppConfig): Promise<HypervisorTransport> => createHypervisorTransport(cfg),
    },
    SmapiHealth,
    HypervisorExchange,
    SystemsManagement,
    CpQueries,
    HypervisorRestarts,
    ManagementGuestOps,
    SystemFacts,
  ],
  exports: [
    HypervisorExchange,
    SystemsManagement,
    CpQueries,
    HypervisorRestarts,
    ManagementGuestOps,
    SmapiHealth,
    SystemFacts,
  ],
})
export class HypervisorModule {}
