import { Global, Module } from '@nestjs/common';
import { AdoptionRepository } from './adoption.repository.js';
import { DatabaseHealth } from './database-health.js';
import { DriftRepository } from './drift.repository.js';
import { FcpRepository } from './fcp.repository.js';
import { FcpTemplateRepository } from './fcp-template.repository.js';
import { GuestsRepository } from './guests.repository.js';
import { ImagesRepository } from './images.repository.js';
import { NicsRepository } from './nics.repository.js';
import { OperationStatsRepository } from './operation-stats.repository.js';
import { OperationsRepository } from './operations.repository.js';
import { PrismaService } from './prisma.service.js';
import { QueueDrainRepository } from './queue-drain.repository.js';
import { StatementCounter } from './statement-counter.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookOutboxRepository } from './webhook-outbox.repository.js';
import { WebhookSubscriptionsRepository } from './webhook-subscriptions.repository.js';

/**
 * The database, for every module of the process, as repositories only (the client stays
 * inside); needs ConfigModule (AppConfig).
 */
@Global()
@Module({
  providers: [
    PrismaService,
    QueueDrainRepository,
    AdoptionRepository,
    DatabaseHealth,
    DriftRepository,
    FcpRepository,
    FcpTemplateRepository,
    GuestsRepository,
    ImagesRepository,
    NicsRepository,
    OperationsRepository,
    OperationStatsRepository,
    StatementCounter,
    WebhookDeliveriesRepository,
    WebhookOutboxRepository,
    WebhookSubscriptionsRepository,
  ],
  exports: [
    AdoptionRepository,
    DatabaseHealth,
    DriftRepository,
    FcpRepository,
    FcpTemplateRepository,
    GuestsRepository,
    ImagesRepository,
    NicsRepository,
    OperationsRepository,
    OperationStatsRepository,
    QueueDrainRepository,
    StatementCounter,
    WebhookDeliveriesRepository,
    WebhookOutboxRepository,
    WebhookSubscriptionsRepository,
  ],
})
export class PersistenceModule {}
