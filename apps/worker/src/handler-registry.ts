import {
  CreateGuestHandler,
  DeleteGuestHandler,
  StartGuestHandler,
  StopGuestHandler,
} from '#guests';
import { type HandlerRegistry, PruneOperationsHandler } from '#operations';

/** Job name → handler. The type makes a catalogue entry without a handler a compile error. */
export const HANDLERS = {
  'guest.create': CreateGuestHandler,
  'guest.delete': DeleteGuestHandler,
  'guest.start': StartGuestHandler,
  'guest.stop': StopGuestHandler,
  'operations.prune': PruneOperationsHandler,
} satisfies HandlerRegistry;
