export { WebhooksModule } from './webhooks.module.js';
export { EVENTS, SUBSCRIBABLE, TEST_EVENT } from './domain/events.js';
export { newSecret, signedHeaders } from './domain/signing.js';
export { attemptsFor, retryDelay } from './domain/retry-schedule.js';
