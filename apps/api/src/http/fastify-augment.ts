import type { HvError } from '#envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /** Why the JSON body was refused; reported after the auth check, as the reference orders it. */
    bodyError?: HvError;
    /** Who asked (token subject, `admin`); unset: nobody (`none`). For logs and operations. */
    who?: string;
    /** The operation this request submitted, for its log line. */
    submitted?: string;
    /** answeredRoute's, once read. */
    answeredRoute?: string | null;
  }
  interface FastifyContextConfig {
    /** No X-Auth-Token needed (PUBLIC_ROUTE of #auth): the route has its own auth, or none. */
    hvoPublic?: boolean;
    /** No Nest route: answers on its own (RAW_ROUTE, raw-routes.ts). */
    hvoRaw?: boolean;
    /** Answered at once, never queued behind a burst (AT_ONCE_ROUTE, turn-admission.ts). */
    hvoAtOnce?: boolean;
    /** Its body is JSON whatever its Content-Type (JSON_ANY_TYPE of #files, json-any-type.ts). */
    hvoJsonAnyType?: boolean;
    /** The route's @UseStatusRule (STATUS_RULE_CONFIG of #envelope). */
    hvoStatusRule?: string;
  }
}

export {};
