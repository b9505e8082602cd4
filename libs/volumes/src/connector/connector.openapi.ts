import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { AcceptsGetBody } from '#envelope';

/** GET /volumes/conn/{userid}'s parameters for the OpenAPI document (see ConnectorParams). */
export const ConnectorDocs = () =>
  applyDecorators(
    AcceptsGetBody('info'),
    ApiQuery({
      name: 'reserve',
      required: true,
      schema: { type: 'boolean' },
      description: 'true: reserve FCP devices for the guest; false: release its unused ones',
    }),
    ApiQuery({
      name: 'fcp_template_id',
      required: false,
      schema: { type: 'string' },
      description: 'the FCP template; default: the storage provider default',
    }),
    ApiQuery({ name: 'storage_provider', required: false, schema: { type: 'string' } }),
    ApiQuery({
      name: 'pchid_info',
      required: false,
      schema: { type: 'string' },
      description: 'a JSON object (in a JSON body: the object itself)',
    }),
  );
