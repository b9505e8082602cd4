import type { INestApplicationContext } from '@nestjs/common';
import { PrismaService } from '../prisma.service.js';

/** Resolves with the time (epoch ms) at which `app` closes its database client. */
export function databaseClosed(app: INestApplicationContext): Promise<number> {
  const prisma = app.get(PrismaService, { strict: false });
  const close = prisma.onApplicationShutdown.bind(prisma);
  return new Promise((resolve) => {
    prisma.onApplicationShutdown = () => {
      resolve(Date.now());
      return close();
    };
  });
}
