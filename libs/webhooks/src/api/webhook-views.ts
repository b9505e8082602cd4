import type { DeliveryRecord, SecretPair, SubscriptionRecord } from '#persistence';
import { redactUrl } from '../domain/target-url.js';

/** A subscription as clients see it: never its secret (shown once) nor URL credentials. */
export function subscriptionView(s: SubscriptionRecord) {
  return {
    id: s.id,
    url: redactUrl(s.url),
    events: s.events,
    kinds: s.kinds,
    userids: s.userids,
    enabled: s.enabled,
    disabled_reason: s.disabledReason,
    failing_since: s.failingSince?.toISOString() ?? null,
    previous_secret_valid_until:
      s.previousUntil && s.previousUntil > new Date() ? s.previousUntil.toISOString() : null,
    created_at: s.createdAt.toISOString(),
    links: { self: `/webhooks/${s.id}`, deliveries: `/webhooks/${s.id}/deliveries` },
  };
}

/** One entry of a delivery log. */
export function deliveryView(d: DeliveryRecord) {
  return {
    id: d.id,
    operation: d.operationId || null, // none for a test message
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    last_status_code: d.lastStatusCode,
    last_latency_ms: d.lastLatencyMs,
    last_error: d.lastError,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
    finished_at: d.finishedAt?.toISOString() ?? null,
  };
}

/** A secret pair, for the one who may read it (the callback secret, a fresh rotation). */
export function secretView(p: SecretPair) {
  const grace = p.previousUntil && p.previousUntil > new Date();
  return {
    secret: p.secret,
    previous_secret: grace ? p.previousSecret : null,
    previous_secret_valid_until: grace ? p.previousUntil!.toISOString() : null,
  };
}
