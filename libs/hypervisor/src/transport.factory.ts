import type { AppConfig } from '#config';
import { tracing } from '#telemetry';
import { SimulatorTransport } from './simulator.transport.js';
import { wireClientOptions } from './smapi/wire.config.js';
import { SmapiTransport } from './smapi.transport.js';
import { managementTools } from './tools/tools.config.js';
import { TracedTransport } from './traced.transport.js';
import type { HypervisorTransport } from './transport.js';

/**
 * The transport HV_TRANSPORT names, built from the settings: shared by the module and the
 * dry-run check (`npm run hv:check`), so the check exercises what the service would use.
 */
export async function createHypervisorTransport(cfg: AppConfig): Promise<HypervisorTransport> {
  const transport = await chosenTransport(cfg);
  // every call a span when tracing; otherwise nothing in between
  return tracing() ? new TracedTransport(transport) : transport;
}

async function chosenTransport(cfg: AppConfig): Promise<HypervisorTransport> {
  switch (cfg.HV_TRANSPORT) {
    case 'simulator':
      return new SimulatorTransport(cfg.HV_SIMULATOR_URL, cfg.HV_CALL_TIMEOUT_S * 1000);
    case 'smapi':
      // functions over the wire, CP and management-guest calls through the tools
      return new SmapiTransport(await wireClientOptions(cfg), managementTools(cfg));
  }
}
