import 'reflect-metadata';
import { type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Config } from '#config';
import { createLogger, nestLogger } from '#logging';
import { WorkerModule } from './worker.module.js';

/** Builds a worker (an application context, no HTTP); used by main.ts and the tests. */
export async function createWorker(config: Config): Promise<INestApplicationContext> {
  const log = createLogger('worker', config);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    bufferLogs: true,
  });
  app.useLogger(nestLogger(log));
  await app.init();
  return app;
}
