// Networking (spec §4.6, §4.10): vswitches (./vswitches) and guest NICs and interfaces (./nics).
export { VswitchesModule } from './vswitches/vswitches.module.js';
export { VswitchHandlersModule } from './vswitches/vswitch-handlers.module.js';
export {
  CreateVswitchHandler,
  DeleteVswitchHandler,
  UpdateVswitchHandler,
} from './vswitches/handlers/vswitch.handlers.js';
export { type VswitchView, vswitchView } from './vswitches/vswitch-record.js';
