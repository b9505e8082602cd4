import { SetMetadata, applyDecorators } from '@nestjs/common';
import { addRouteConfig } from '#envelope';

export const IS_PUBLIC = 'hvo:public';

/**
 * Fastify route config key of a route that takes no X-Auth-Token (its own auth, or none). The
 * api's token hook reads it from the matched route, so public-ness costs no lookup per request.
 */
export const PUBLIC_ROUTE = 'hvoPublic';

/** Marks a route that needs no X-Auth-Token (token issue, health probes). */
export const Public = (): MethodDecorator =>
  applyDecorators(SetMetadata(IS_PUBLIC, true), addRouteConfig({ [PUBLIC_ROUTE]: true }));
