import type { StatusRule } from '#envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /** Why the JSON body could not be parsed; reported after the auth check, as the reference orders it. */
    bodyError?: string;
    /** The endpoint's status rule, for the exception filter. */
    statusRule?: StatusRule;
  }
  interface FastifyContextConfig {
    /** No X-Auth-Token needed (PUBLIC_ROUTE of #auth): the route has its own auth, or none. */
    hvoPublic?: boolean;
  }
}

export {};
