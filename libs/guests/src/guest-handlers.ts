import type { HandlerMap } from '#operations';
import { GrowRootVolumeHandler } from './actions/grow-root.handler.js';
import { LiveResizeCpusHandler, LiveResizeMemHandler } from './actions/live-resize.handlers.js';
import { ResizeCpusHandler, ResizeMemHandler } from './actions/resize.handlers.js';
import { CaptureHandler } from './deploy-capture/capture.handler.js';
import { DeployHandler } from './deploy-capture/deploy.handler.js';
import { ConfigDisksHandler } from './disks/config-disks.handler.js';
import { AddDisksHandler, DeleteDisksHandler } from './disks/disks.handlers.js';
import { CreateGuestHandler } from './lifecycle/create-guest.handler.js';
import { DeleteGuestHandler } from './lifecycle/delete-guest.handler.js';
import { LiveMigrateHandler } from './migration/live-migrate.handler.js';
import {
  ConsoleOutputHandler,
  PauseGuestHandler,
  RebootGuestHandler,
  ResetGuestHandler,
  SoftstopGuestHandler,
  UnpauseGuestHandler,
} from './power/power-actions.handlers.js';
import { StartGuestHandler, StopGuestHandler } from './power/power.handlers.js';

/** Job name → handler for every guest job (the worker's registry and this lib's providers). */
export const GUEST_HANDLERS = {
  'guest.create': CreateGuestHandler,
  'guest.delete': DeleteGuestHandler,
  'guest.start': StartGuestHandler,
  'guest.stop': StopGuestHandler,
  'guest.softstop': SoftstopGuestHandler,
  'guest.pause': PauseGuestHandler,
  'guest.unpause': UnpauseGuestHandler,
  'guest.reboot': RebootGuestHandler,
  'guest.reset': ResetGuestHandler,
  'guest.console-output': ConsoleOutputHandler,
  'guest.resize-cpus': ResizeCpusHandler,
  'guest.resize-mem': ResizeMemHandler,
  'guest.live-resize-cpus': LiveResizeCpusHandler,
  'guest.live-resize-mem': LiveResizeMemHandler,
  'guest.add-disks': AddDisksHandler,
  'guest.delete-disks': DeleteDisksHandler,
  'guest.config-disks': ConfigDisksHandler,
  'guest.grow-root-volume': GrowRootVolumeHandler,
  'guest.deploy': DeployHandler,
  'guest.capture': CaptureHandler,
  'guest.live-migrate': LiveMigrateHandler,
} satisfies HandlerMap;
