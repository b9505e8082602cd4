import 'reflect-metadata';
import { type INestApplicationContext, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Config } from '#config';
import { WorkerModule } from './worker.module.js';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** Builds a worker (an application context, no HTTP); used by main.ts and the tests. */
export async function createWorker(config: Config): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: LEVELS.slice(0, LEVELS.indexOf(config.LOG_LEVEL as LogLevel) + 1),
  });
  await app.init();
  return app;
}
