import type { HandlerMap } from '#operations';
import { CoupleNicHandler, UncoupleNicHandler } from './nics/handlers/couple.handlers.js';
import {
  CreateInterfaceHandler,
  DeleteInterfaceHandler,
} from './nics/handlers/interface.handlers.js';
import { CreateNicHandler, DeleteNicHandler } from './nics/handlers/nic.handlers.js';
import {
  CreateVswitchHandler,
  DeleteVswitchHandler,
  UpdateVswitchHandler,
} from './vswitches/handlers/vswitch.handlers.js';

/** Job name → handler for the vswitch jobs. */
export const VSWITCH_HANDLERS = {
  'vswitch.create': CreateVswitchHandler,
  'vswitch.update': UpdateVswitchHandler,
  'vswitch.delete': DeleteVswitchHandler,
} satisfies HandlerMap;

/** Job name → handler for the NIC and interface jobs. */
export const NIC_HANDLERS = {
  'nic.create': CreateNicHandler,
  'nic.delete': DeleteNicHandler,
  'nic.couple': CoupleNicHandler,
  'nic.uncouple': UncoupleNicHandler,
  'interface.create': CreateInterfaceHandler,
  'interface.delete': DeleteInterfaceHandler,
} satisfies HandlerMap;

/** Every networking job (what the worker registers). */
export const NETWORK_HANDLERS = { ...VSWITCH_HANDLERS, ...NIC_HANDLERS } satisfies HandlerMap;
