import { SetMetadata } from '@nestjs/common';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';

export const IS_PUBLIC = 'hvo:public';

/**
 * Fastify route config key of a route that takes no X-Auth-Token (its own auth, or none). The
 * api's token hook reads it from the matched route, so public-ness costs no lookup per request.
 */
export const PUBLIC_ROUTE = 'hvoPublic';

/**
 * Marks a route that needs no X-Auth-Token (token issue, health probes). A method decorator
 * only: Nest hands a handler's own route config to Fastify, never its class's.
 */
export const Public = (): MethodDecorator => (target, key, descriptor) => {
  SetMetadata(IS_PUBLIC, true)(target, key, descriptor);
  // merged, not replaced: the handler may carry route config of its own (e.g. StreamBody)
  const handler = descriptor.value as object;
  const config = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as
    Record<string, unknown> | undefined;
  Reflect.defineMetadata(
    FASTIFY_ROUTE_CONFIG_METADATA,
    { ...config, [PUBLIC_ROUTE]: true },
    handler,
  );
};
