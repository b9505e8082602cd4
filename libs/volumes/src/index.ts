export { VolumesModule } from './volumes.module.js';
export { FcpHardware, type HostFacts } from './fcp/fcp-hardware.service.js';
export { expandFcpList, shrinkFcpList } from './domain/fcp-list.js';
export { allocateFcps, isFree, type PchidCapacity } from './connector/fcp.allocator.js';
export { VolumeHandlersModule } from './volume-handlers.module.js';
export { VOLUME_HANDLERS } from './volume-handlers.js';
