import { Global, Module } from '@nestjs/common';
import { AppConfig } from '#config';
import { HypervisorClient } from './hypervisor.client.js';
import { SimulatorTransport } from './simulator.transport.js';
import { SmapiHealth } from './smapi-health.js';
import { wireClientOptions } from './smapi/wire.config.js';
import { SmapiTransport } from './smapi.transport.js';
import { managementTools } from './tools/tools.config.js';
import { HypervisorTransport } from './transport.js';

/** Provides HypervisorClient over the transport chosen by HV_TRANSPORT. */
@Global()
@Module({
  providers: [
    {
      provide: HypervisorTransport,
      inject: [AppConfig],
      useFactory: async (cfg: AppConfig): Promise<HypervisorTransport> => {
        const http = new SimulatorTransport(cfg.HV_SIMULATOR_URL, cfg.HV_CALL_TIMEOUT_S * 1000);
        switch (cfg.HV_TRANSPORT) {
          case 'simulator':
            return http;
          case 'smapi':
            return new SmapiTransport(await wireClientOptions(cfg), managementTools(cfg), http);
        }
      },
    },
    SmapiHealth,
    HypervisorClient,
  ],
  exports: [HypervisorClient, SmapiHealth],
})
export class HypervisorModule {}
