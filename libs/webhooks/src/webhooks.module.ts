import { type DynamicModule, Module } from '@nestjs/common';
import type { Config } from '#config';
import { WebhooksController } from './api/webhooks.controller.js';
import { WebhooksService } from './api/webhooks.service.js';
import { DeliveryAttempts } from './delivery/delivery-attempt.service.js';
import { webhookProcessor } from './delivery/delivery.processor.js';
import { OutboxRelay } from './relay/outbox-relay.js';

/**
 * Completion callbacks (issue #27). Api: the /webhooks routes and the Callback-URL check of
 * submitting routes. Worker: the outbox relay and the delivery processor of the webhooks
 * queue. Both need the queues (OperationsModule) and the database (PersistenceModule).
 */
@Module({})
export class WebhooksModule {
  static forApi(): DynamicModule {
    return {
      module: WebhooksModule,
      controllers: [WebhooksController],
      providers: [WebhooksService],
    };
  }

  /** `deliver`: whether this worker consumes the webhooks queue (WORKER_QUEUES). */
  static forWorker(config: Config, deliver: boolean): DynamicModule {
    return {
      module: WebhooksModule,
      providers: [OutboxRelay, ...(deliver ? [DeliveryAttempts, webhookProcessor(config)] : [])],
    };
  }
}
