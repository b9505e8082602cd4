import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';

const LIST = "a Python-literal list, e.g. `['id1','id2']` (as the reference parses it)";
const FLAG = 'True or False (any case), 1 or 0';

const query = (name: string, description: string) =>
  ApiQuery({ name, required: false, schema: { type: 'string' }, description });

/** GET /volumes/fcptemplates's filters for the OpenAPI document (reference §6). */
export const TemplateListDocs = () =>
  applyDecorators(
    query('template_id_list', `${LIST}; the first filter given applies, in this order`),
    query('assigner_id', 'a guest userid: the templates it uses'),
    query('storage_providers', LIST),
    query('host_default', `${FLAG}: the host default template`),
  );

/** GET /volumes/fcptemplates/detail's options for the OpenAPI document (reference §6). */
export const TemplateDetailDocs = () =>
  applyDecorators(
    query('template_id_list', `${LIST}; default: every template`),
    query('raw', `${FLAG}; default False`),
    query('statistics', `${FLAG}; default True: statistics by path`),
    query('sync_with_zvm', `${FLAG}; default False: sync with the hypervisor first`),
    query('sync_with_hv', 'the same as sync_with_zvm'),
  );
