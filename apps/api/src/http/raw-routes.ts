import type { FastifyInstance } from 'fastify';
import { PUBLIC_ROUTE } from '#auth';

/** Route config key of a route that is no Nest route and answers on its own. */
export const RAW_ROUTE = 'hvoRaw';

/** Route config of a raw route: its own auth (or none), no envelope hooks. */
export const RAW_CONFIG = { [PUBLIC_ROUTE]: true, [RAW_ROUTE]: true } as const;

/**
 * Marks every route registered in `scope` raw (the dashboard, the docs): the token check and
 * the envelope hooks leave them alone, as the Nest guard and interceptor did.
 */
export function rawRoutes(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, ...RAW_CONFIG };
  });
}
