import type { HandlerMap } from '#operations';
import { AttachVolumeHandler } from './handlers/attach-volume.handler.js';
import { DetachVolumeHandler } from './handlers/detach-volume.handler.js';
import { RefreshBootmapHandler } from './handlers/refresh-bootmap.handler.js';

/** Job name → handler for the volume jobs. */
export const VOLUME_HANDLERS = {
  'volume.attach': AttachVolumeHandler,
  'volume.detach': DetachVolumeHandler,
  'volume.refresh-bootmap': RefreshBootmapHandler,
} satisfies HandlerMap;
