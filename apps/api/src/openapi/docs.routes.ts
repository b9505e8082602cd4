import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { rawRoutes } from '../http/raw-routes.js';
import { OPENAPI_PATH, serveOpenApi } from './openapi.route.js';

export const DOCS_PATH = '/docs';

/** The Swagger UI files the page loads. Named one by one, never a wildcard route: see below. */
const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'];

/** swagger-ui-dist as @nestjs/swagger (which depends on it) resolves it. */
function swaggerUiDir(): string {
  const fromSwagger = createRequire(createRequire(import.meta.url).resolve('@nestjs/swagger'));
  return dirname(fromSwagger.resolve('swagger-ui-dist/package.json'));
}

const page = (title: string): string => `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${title}</title>
  <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      url: '${OPENAPI_PATH}',
      dom_id: '#swagger-ui',
      presets: [SwaggerUIBundle.presets.apis],
      layout: 'BaseLayout',
      // never ask the online validator (another host; management nodes are air-gapped)
      validatorUrl: null,
    });
  </script>
</body>
</html>
`;

/**
 * GET /openapi.json and the Swagger UI page at GET /docs, public. SwaggerModule.setup is not
 * used: it serves the UI files through a wildcard route, and a miss under a wildcard reaches
 * the not-found handler as an unmatched request on a known path, which answers 405, not 404.
 */
export async function mountDocs(
  fastify: FastifyInstance,
  title: string,
  document: () => OpenAPIObject,
): Promise<void> {
  const html = page(`${title} API`);
  serveOpenApi(fastify, document);
  await fastify.register(
    async (scope) => {
      rawRoutes(scope);
      await scope.register(fastifyStatic, { root: swaggerUiDir(), serve: false });
      scope.get('/', (_req, reply) => {
        void reply.type('text/html; charset=utf-8').send(html);
      });
      for (const file of ASSETS)
        scope.get(`/${file}`, (_req, reply) => {
          void reply.sendFile(file);
        });
    },
    { prefix: DOCS_PATH },
  );
}
