import { type INestApplication, Injectable } from '@nestjs/common';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { serviceVersion } from '#config';
import { bodyVariantSchemas } from './body-variants.schemas.js';
import { dtoSchemas, referencedSchemas } from './dto.schemas.js';
import { ENVELOPE_SCHEMA } from './envelope.schema.js';
import { addExamples } from './examples.js';
import { OPERATION_SCHEMA } from './operation.schema.js';
import { PLAN_SCHEMA } from './plan.schema.js';
import { AUTH_SCHEME, annotateOperation } from './operation.annotator.js';
import { SUMMARIES } from './operation.summaries.js';
import { RouteFactsReader, operationIdOf } from './route-facts.reader.js';

/** The document's title, and the Swagger UI page's. */
export const OPENAPI_TITLE = 'hv-orchestrator';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * The OpenAPI document, generated from the code: routes and parameters scanned by Swagger,
 * body and query schemas from the DTOs' class-validator rules, and per route (from its
 * metadata) the envelope responses, the statuses its status rule can produce, auth, and the
 * operation headers. No @ApiProperty decorators needed. What a route can add:
 * - `@Headers('name')`, `@Query('name')`: documented even where Swagger drops them;
 * - `UseBodyVariants` (#envelope): a body whose one field picks its DTO, as a discriminated oneOf;
 * - `AcceptsGetBody` (#envelope): a GET that also takes its parameters as a JSON body;
 * - `ApiOutput` (#envelope): the type of the success envelope's `output` (an @ApiResponse);
 * - `StreamBody` (#files): an octet-stream body;
 * - Swagger's `@ApiResponse` (per status: `content` replaces the envelope, `schema` refines it,
 *   description and headers are added), `@ApiOperation`, `@ApiQuery`, `@ApiHeader`.
 */
@Injectable()
export class OpenApiDocumentFactory {
  constructor(private readonly routes: RouteFactsReader) {}

  create(app: INestApplication): OpenAPIObject {
    const doc = SwaggerModule.createDocument(
      app,
      {
        openapi: '3.1.0',
        info: {
          title: OPENAPI_TITLE,
          version: serviceVersion(),
          description:
            'Guest management for a mainframe hypervisor; every change runs as an operation.',
          license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
        },
        // the service answers on the host that served this document
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            [AUTH_SCHEME]: { type: 'apiKey', in: 'header', name: 'X-Auth-Token' },
          },
        },
      },
      { operationIdFactory: operationIdOf },
    );
    const schemas = dtoSchemas();
    const facts = this.routes.read();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        const f = op.operationId ? facts.get(op.operationId) : undefined;
        if (!f) throw new Error(`OpenAPI: no route metadata for ${method} ${path}`);
        if (f.bodyVariants) Object.assign(schemas, bodyVariantSchemas(f.bodyVariants, schemas));
        annotateOperation(op, method, f, schemas);
        op.summary ??= SUMMARIES[op.operationId!];
      }
    }
    doc.components = {
      ...doc.components,
      schemas: {
        ...doc.components?.schemas,
        ...referencedSchemas(doc.paths, schemas),
        Envelope: ENVELOPE_SCHEMA,
        Operation: OPERATION_SCHEMA,
        OperationPlan: PLAN_SCHEMA,
      },
    };
    // once every schema a $ref names is in the document
    for (const item of Object.values(doc.paths))
      for (const method of METHODS) {
        const op = item[method];
        if (op) addExamples(op, doc.components.schemas ?? {});
      }
    return doc;
  }
}
