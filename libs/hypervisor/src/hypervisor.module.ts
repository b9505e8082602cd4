import { Global, Module } from '@nestjs/common';
import { AppConfig } from '#config';
import { HypervisorClient } from './hypervisor.client.js';
import { SimulatorTransport } from './simulator.transport.js';
import { SmapiHealth } from './smapi-health.js';
import { HypervisorTransport } from './transport.js';

/** Provides HypervisorClient over the transport chosen by HV_TRANSPORT. */
@Global()
@Module({
  providers: [
    {
      provide: HypervisorTransport,
      inject: [AppConfig],
      useFactory: (cfg: AppConfig): HypervisorTransport => {
        switch (cfg.HV_TRANSPORT) {
          case 'simulator':
            return new SimulatorTransport(cfg.HV_SIMULATOR_URL, cfg.HV_CALL_TIMEOUT_S * 1000);
        }
      },
    },
    SmapiHealth,
    HypervisorClient,
  ],
  exports: [HypervisorClient, SmapiHealth],
})
export class HypervisorModule {}
