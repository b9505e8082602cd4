import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from './prisma.service.js';

/** Whether the database answers (readiness), without handing out the client. */
@Injectable()
export class DatabaseHealth {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  ping(): Promise<void> {
    return this.prisma.ping();
  }
}
