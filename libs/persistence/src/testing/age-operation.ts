import type { AppConfig } from '#config';
import { PrismaService } from '../prisma.service.js';

/** Moves an operation's end into the past, for tests of retention (its own connection). */
export async function ageOperation(
  databaseUrl: string,
  id: string,
  finishedAt: Date,
): Promise<void> {
  const prisma = new PrismaService({ DATABASE_URL: databaseUrl } as AppConfig);
  await prisma.onModuleInit();
  try {
    await prisma.client.operation.update({ where: { id }, data: { finishedAt } });
  } finally {
    await prisma.onApplicationShutdown();
  }
}
