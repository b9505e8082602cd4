import 'reflect-metadata';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '#config';
import { ApiModule } from '../apps/api/src/api.module.js';
import { RouteTable } from '../apps/api/src/http/route-table.js';
import { OpenApiDocumentFactory } from '../apps/api/src/openapi/openapi.document.js';

/**
 * Writes the api's OpenAPI document, as GET /openapi.json serves it, to the file named by its
 * argument (default dist/openapi.json), with no stack running: the api's module is made in
 * this process and never initialised (no database opened, no port, nothing listening), which
 * is all the document needs. Used by `npm run lint:openapi`.
 */
async function main(): Promise<void> {
  const out = process.argv[2] ?? 'dist/openapi.json';
  const dataDir = mkdtempSync(join(tmpdir(), 'hvo-openapi-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    const app = await NestFactory.create<NestFastifyApplication>(
      ApiModule.forRoot(config, new RouteTable()),
      new FastifyAdapter(),
      { logger: false, abortOnError: false },
    );
    try {
      const doc = app.get(OpenApiDocumentFactory).create(app);
      writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`openapi-document: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
