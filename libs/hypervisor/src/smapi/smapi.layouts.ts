import type { SmapiFunction } from '../protocol.js';
import { IMAGE_LAYOUTS } from './image.layouts.js';
import type { FunctionLayout } from './layout.types.js';
import { NETWORK_LAYOUTS } from './network.layouts.js';
import { SYSTEM_LAYOUTS } from './system.layouts.js';

/**
 * Input and output layout of every function the service calls; typed against
 * SMAPI_FUNCTIONS so a function added there does not compile until its layout is here.
 */
export const SMAPI_LAYOUTS: Readonly<Record<SmapiFunction, FunctionLayout>> = {
  ...IMAGE_LAYOUTS,
  ...SYSTEM_LAYOUTS,
  ...NETWORK_LAYOUTS,
};
