/** A subscription to operation endings (issue #27). */
export interface SubscriptionRecord {
  id: string;
  /** With any credentials it was given: never show or log it as is. */
  url: string;
  events: string[];
  kinds: string[];
  userids: string[];
  secret: string;
  previousSecret: string | null;
  previousUntil: Date | null;
  enabled: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewSubscription {
  id: string;
  url: string;
  events: string[];
  kinds: string[];
  userids: string[];
  secret: string;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

/** One message to one receiver; `id` is its `webhook-id`. */
export interface DeliveryRecord {
  id: string;
  subscriptionId: string | null;
  operationId: string;
  event: string;
  url: string | null;
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

export type NewDelivery = Pick<
  DeliveryRecord,
  'id' | 'subscriptionId' | 'operationId' | 'event' | 'url' | 'payload'
>;

/** What one attempt found out. */
export interface DeliveryAttempt {
  attempts: number;
  status: DeliveryStatus;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
}

/** An operation that reached a settled status while someone listened (the outbox). */
export interface OutboxEntry {
  operationId: string;
  status: string;
  createdAt: Date;
}

/** A rotatable secret: the current one, and the one before it until `previousUntil`. */
export interface SecretPair {
  secret: string;
  previousSecret: string | null;
  previousUntil: Date | null;
}
