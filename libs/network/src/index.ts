// Networking (spec §4.6, §4.10): vswitches (./vswitches) and guest NICs and interfaces (./nics).
export { VswitchesModule } from './vswitches/vswitches.module.js';
export { VswitchHandlersModule } from './vswitches/vswitch-handlers.module.js';
export { type VswitchView, vswitchView } from './vswitches/vswitch-record.js';
export { NicsModule } from './nics/nics.module.js';
export { NicHandlersModule } from './nics/nic-handlers.module.js';
export { NETWORK_HANDLERS } from './network-handlers.js';
