import { Global, Module } from '@nestjs/common';
import { GuestsRepository } from './guests.repository.js';
import { ImagesRepository } from './images.repository.js';
import { NicsRepository } from './nics.repository.js';
import { OperationStatsRepository } from './operation-stats.repository.js';
import { OperationsRepository } from './operations.repository.js';
import { PrismaService } from './prisma.service.js';

/** The database, for every module of the process; needs ConfigModule (AppConfig). */
@Global()
@Module({
  providers: [
    PrismaService,
    GuestsRepository,
    ImagesRepository,
    NicsRepository,
    OperationsRepository,
    OperationStatsRepository,
  ],
  exports: [
    PrismaService,
    GuestsRepository,
    ImagesRepository,
    NicsRepository,
    OperationsRepository,
    OperationStatsRepository,
  ],
})
export class PersistenceModule {}
