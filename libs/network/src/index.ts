// Networking (spec §4.6, §4.10): vswitches (./vswitches) and guest NICs and interfaces (./nics).
export { VswitchesModule } from './vswitches/vswitches.module.js';
export { VswitchHandlersModule } from './vswitches/vswitch-handlers.module.js';
export {
  CreateVswitchHandler,
  DeleteVswitchHandler,
  UpdateVswitchHandler,
} from './vswitches/handlers/vswitch.handlers.js';
export { type VswitchView, vswitchView } from './vswitches/vswitch-record.js';
export { NicsModule } from './nics/nics.module.js';
export { NicHandlersModule } from './nics/nic-handlers.module.js';
export { CreateNicHandler, DeleteNicHandler } from './nics/handlers/nic.handlers.js';
export { CoupleNicHandler, UncoupleNicHandler } from './nics/handlers/couple.handlers.js';
export {
  CreateInterfaceHandler,
  DeleteInterfaceHandler,
} from './nics/handlers/interface.handlers.js';
