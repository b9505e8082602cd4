export { GuestsModule } from './guests.module.js';
export { GuestHandlersModule } from './guest-handlers.module.js';
export { GUEST_HANDLERS } from './guest-handlers.js';
export { requireManagedGuest } from './managed/managed-guest.js';
export { parseUseridList } from './userid-list.js';
export { GuestRegistration, type Registration } from './migration/guest-registration.js';
