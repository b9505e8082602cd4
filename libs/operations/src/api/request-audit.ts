import { type OperationAudit } from '#persistence';
import { activeTraceId } from '#logging';

/** What the api's hooks put on a request (apps/api/src/http/fastify-augment.ts). */
export interface AuditedRequest {
  headers: Record<string, string | undefined>;
  /** The request id (Fastify's, from X-Request-Id or made up). */
  id?: string;
  ip?: string;
  /** Who the credentials say asked; unset: nobody (`none`). */
  who?: string;
  /** Set here when the request submitted an operation, for its log line. */
  submitted?: string;
}

/** A request's audit fields, and how to tell it which operation it submitted. */
export interface RequestAudit {
  fields: Omit<OperationAudit, 'traceId'>;
  submitted(id: string): void;
}

/** Long enough for any real client's user agent; a longer one is cut, not refused. */
const USER_AGENT_MAX = 512;

export function auditOf(req: AuditedRequest): RequestAudit {
  const agent = req.headers['user-agent'];
  return {
    fields: {
      requestedBy: req.who ?? 'none',
      clientAddress: req.ip ?? null,
      userAgent: agent === undefined ? null : agent.slice(0, USER_AGENT_MAX),
      requestId: req.id ?? null,
    },
    submitted: (id) => {
      req.submitted = id;
    },
  };
}

/** The audit columns of an operation submitted now (the trace is the one active at submit). */
export function operationAudit(audit: RequestAudit | undefined): OperationAudit {
  return {
    requestedBy: 'none',
    clientAddress: null,
    userAgent: null,
    requestId: null,
    ...audit?.fields,
    traceId: activeTraceId(),
  };
}
