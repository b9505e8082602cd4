import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { Errors, pyRepr, STATUS_RULE, type StatusRule } from '#envelope';
import { parsePrefer, type Preferences } from './prefer.js';
import { type AuditedRequest, auditOf, type RequestAudit } from './request-audit.js';
import { SUBMITS_OPERATION } from './submits-operation.decorator.js';

/** What a client says about how an operation should be submitted and waited for. */
export interface OperationRequest {
  prefer: Preferences;
  /** `Idempotency-Key`: the same key and request name the same operation. */
  idempotencyKey?: string;
  /**
   * The route's status rule (its `@UseStatusRule`, else `default`): the operation's result gets
   * the HTTP status the route would have answered, so a route states its rule once.
   */
  statusRule: StatusRule;
  /**
   * `Callback-URL` header or `callback_url` query: where the operation's ending is POSTed
   * (issue #27; the webhooks lib checks it against the outbound policy before the route runs).
   */
  callbackUrl?: string;
  /** Where the request named it (`Callback-URL` or `callback_url`), for a 400 naming it. */
  callbackField?: 'Callback-URL' | 'callback_url';
  /** Who asked and from where (request-audit.ts); stored on the operation. */
  audit?: RequestAudit;
  /** `?validate_only=true`: answer the plan (dry-run.service.ts) and change nothing. */
  validateOnly?: boolean;
}

/** The rule `@UseStatusRule` put on the route or its controller, as the envelope filter reads it. */
function statusRuleOf(ctx: ExecutionContext): StatusRule {
  const onRoute: unknown = Reflect.getMetadata(STATUS_RULE, ctx.getHandler());
  const onClass: unknown = Reflect.getMetadata(STATUS_RULE, ctx.getClass());
  return ((onRoute ?? onClass) as StatusRule | undefined) ?? 'default';
}

const KEY = /^[\x21-\x7e]{1,255}$/;

/** `validate_only` of the query: absent → false; anything but true/false → 400 naming it. */
export function validateOnlyOf(query: Record<string, unknown> | undefined): boolean {
  const v = query?.validate_only;
  if (v === undefined) return false;
  if (v === 'true' || v === true) return true;
  if (v === 'false' || v === false) return false;
  throw Errors.validation(
    `Invalid input for query validate_only. Value: ${pyRepr(v)}. It must be true or false`,
  );
}

/** The callback a submitting request names, and where it named it (for a 400 naming it). */
export function callbackUrlOf(
  headers: Record<string, string | string[] | undefined>,
  query: Record<string, unknown> | undefined,
): { url: string; field: 'Callback-URL' | 'callback_url' } | null {
  const header = headers['callback-url'];
  if (typeof header === 'string' && header.trim()) {
    return { url: header.trim(), field: 'Callback-URL' };
  }
  const q = query?.callback_url;
  if (typeof q === 'string' && q.trim()) return { url: q.trim(), field: 'callback_url' };
  return null;
}

/**
 * Reads `Prefer`, `Idempotency-Key` (a malformed key is a 400 naming the header) and the
 * route's status rule.
 */
export const OpRequest = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): OperationRequest => {
    const req = ctx
      .switchToHttp()
      .getRequest<AuditedRequest & { query?: Record<string, unknown> }>();
    const headers = req.headers;
    const callback = callbackUrlOf(headers, req.query);
    const key = headers['idempotency-key'];
    if (key !== undefined && !KEY.test(key)) {
      throw Errors.validation(
        `Invalid input for header Idempotency-Key. Value: ${pyRepr(key)}. It must be 1 to 255 printable ASCII characters`,
      );
    }
    const validateOnly = validateOnlyOf(req.query);
    // cancel and resolve read the request too but submit nothing: a dry run of them would act
    if (validateOnly && !Reflect.getMetadata(SUBMITS_OPERATION, ctx.getHandler())) {
      throw Errors.validation(
        'Invalid input for query validate_only: this route submits no operation to dry-run',
      );
    }
    return {
      prefer: parsePrefer(headers.prefer),
      ...(key ? { idempotencyKey: key } : {}),
      statusRule: statusRuleOf(ctx),
      ...(callback ? { callbackUrl: callback.url, callbackField: callback.field } : {}),
      audit: auditOf(req),
      ...(validateOnly ? { validateOnly } : {}),
    };
  },
);
