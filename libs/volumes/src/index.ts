export { VolumesModule } from './volumes.module.js';
export { FcpRepository } from './fcp/fcp.repository.js';
export { FcpHardware, type HostFacts } from './fcp/fcp-hardware.service.js';
export type { FcpRow, TemplateRecord } from './fcp/fcp.types.js';
export { expandFcpList, shrinkFcpList } from './domain/fcp-list.js';
export { allocateFcps, isFree, type PchidCapacity } from './connector/fcp.allocator.js';
export { VolumeHandlersModule } from './volume-handlers.module.js';
export { AttachVolumeHandler } from './handlers/attach-volume.handler.js';
export { DetachVolumeHandler } from './handlers/detach-volume.handler.js';
