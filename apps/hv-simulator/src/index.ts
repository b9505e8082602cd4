export { createSimulator, type Simulator, type SimulatorOptions } from './simulator.js';
export type { CallRecord } from './calls/call.log.js';
export type { Fault } from './faults/fault.registry.js';
export { BLOCK_BYTES_FBA, CYLINDER_BYTES_3390, unitsToBytes } from './state/geometry.constants.js';
export { sysinfoText } from './ssi/sysinfo.text.js';
