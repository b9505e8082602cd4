import type { SmapiFunction } from '../protocol.js';
import { IMAGE_MAPPINGS } from './image.mappings.js';
import type { FunctionMapping } from './mapping.types.js';
import { NETWORK_MAPPINGS } from './network.mappings.js';
import { SYSTEM_MAPPINGS } from './system.mappings.js';

/**
 * JSON params ↔ wire values of every function, typed against SMAPI_FUNCTIONS like the layouts:
 * a function added there does not compile until it is mapped here.
 */
export const SMAPI_MAPPINGS: Readonly<Record<SmapiFunction, FunctionMapping>> = {
  ...IMAGE_MAPPINGS,
  ...SYSTEM_MAPPINGS,
  ...NETWORK_MAPPINGS,
};
