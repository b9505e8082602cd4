import { DRIFT_HANDLERS } from '#drift';
import { GUEST_HANDLERS } from '#guests';
import { IMAGE_HANDLERS } from '#images';
import { NETWORK_HANDLERS } from '#network';
import { type HandlerRegistry, OPERATIONS_HANDLERS } from '#operations';
import { VOLUME_HANDLERS } from '#volumes';

/**
 * Job name → handler: each feature lib's own map. The type makes a catalogue entry without a
 * handler a compile error.
 */
export const HANDLERS = {
  ...GUEST_HANDLERS,
  ...VOLUME_HANDLERS,
  ...IMAGE_HANDLERS,
  ...NETWORK_HANDLERS,
  ...OPERATIONS_HANDLERS,
  ...DRIFT_HANDLERS,
} satisfies HandlerRegistry;
