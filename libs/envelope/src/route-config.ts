import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';

/**
 * A method decorator adding `entries` to the handler's Fastify route config, merged with what
 * other decorators put there (Nest's RouteConfig replaces it). Nest hands a handler's own
 * route config to Fastify, never its class's, hence method decorators only. The api reads
 * these from the matched route, with no metadata lookup per request.
 */
export const addRouteConfig =
  (entries: Record<string, unknown>): MethodDecorator =>
  (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const config = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as
      Record<string, unknown> | undefined;
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...config, ...entries }, handler);
  };
