import {
  CaptureHandler,
  CreateGuestHandler,
  DeleteGuestHandler,
  DeployHandler,
  LiveMigrateHandler,
  StartGuestHandler,
  StopGuestHandler,
} from '#guests';
import { ExportImageHandler, ImportImageHandler } from '#images';
import { type HandlerRegistry, PruneOperationsHandler } from '#operations';

/** Job name → handler. The type makes a catalogue entry without a handler a compile error. */
export const HANDLERS = {
  'guest.create': CreateGuestHandler,
  'guest.delete': DeleteGuestHandler,
  'guest.start': StartGuestHandler,
  'guest.stop': StopGuestHandler,
  'guest.deploy': DeployHandler,
  'guest.capture': CaptureHandler,
  'guest.live-migrate': LiveMigrateHandler,
  'image.import': ImportImageHandler,
  'image.export': ExportImageHandler,
  'operations.prune': PruneOperationsHandler,
} satisfies HandlerRegistry;
