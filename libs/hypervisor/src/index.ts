export * from './protocol.js';
export { HypervisorTransport } from './transport.js';
export { SimulatorTransport } from './simulator.transport.js';
export { HypervisorClient, type PowerState, isSmapi, tolerating } from './hypervisor.client.js';
export { HypervisorModule } from './hypervisor.module.js';
export { SmapiHealth, type SmapiHealthReport, UNHEALTHY_AFTER } from './smapi-health.js';
