export * from './protocol.js';
export * from './vswitch.protocol.js';
export { HypervisorTransport } from './transport.js';
export { SimulatorTransport } from './simulator.transport.js';
export { SmapiTransport } from './smapi.transport.js';
export { createHypervisorTransport } from './transport.factory.js';
export { landingWindowMs } from './landing-window.js';
export { type CallNotes, noteResent, withCallNotes } from './call-notes.js';
export { HypervisorExchange } from './hypervisor.exchange.js';
export { SystemsManagement } from './hypervisor.client.js';
export { CpQueries, type PowerState } from './cp.queries.js';
export { HypervisorRestarts, iplTimeOf } from './hypervisor-restarts.js';
export { ManagementGuestOps } from './management-guest.ops.js';
export { SystemFacts, type HostSystemFacts } from './system-facts.js';
export {
  cpSizeMb,
  iplLine,
  memoryInUseMb,
  parseSysinfo,
  storageMb,
  type SysinfoFacts,
} from './system-facts.parse.js';
export { isSmapi, tolerating } from './smapi.tolerance.js';
export { isMgmtFailure, mgmtFailure } from './mgmt.error.js';
export {
  encodeDiskImage,
  FBA_PARTITION_OFFSET,
  formatImageHeader,
  IMAGE_HEADER_BYTES,
  ImageFormatError,
  imageTypeOf,
  openDiskImage,
  parseImageHeader,
  type ImageDiskType,
  type ImageHeader,
} from './disk-image.js';
export { HypervisorModule } from './hypervisor.module.js';
export { LinkProbe } from './link.probe.js';
export { SmapiHealth, type SmapiHealthReport, UNHEALTHY_AFTER } from './smapi-health.js';
export * from './smapi/index.js';
export { ManagementTools } from './tools/management.tools.js';
export { shellWord } from './shell-word.js';
export { cpTimestamp } from './cp-timestamp.js';
