import { createHash, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { SecretPair } from '#persistence';

const PREFIX = 'whsec_';

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export function newSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

/**
 * The secrets that sign now: the current one, and the one before the last rotation while its
 * grace period lasts, so receivers that still hold it keep verifying.
 */
export function signingSecrets(pair: SecretPair, now: Date): string[] {
  const grace = pair.previousSecret && pair.previousUntil && pair.previousUntil > now;
  return grace ? [pair.secret, pair.previousSecret!] : [pair.secret];
}

/** The Standard Webhooks headers of one attempt (the signature lists one per secret). */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  at: Date,
  body: string,
): Record<string, string> {
  const signatures = secrets.map((s) => new Webhook(s).sign(id, at, body));
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/**
 * The id of the message about one ending to one receiver: the same however often the relay
 * sees the ending, so the rows, the BullMQ job and the `webhook-id` are one.
 */
export function deliveryId(operationId: string, status: string, receiver: string): string {
  const digest = createHash('sha256').update(`${operationId}|${status}|${receiver}`).digest('hex');
  return `msg_${digest.slice(0, 32)}`;
}

/** The service secret that signs Callback-URL deliveries. */
export const CALLBACK_SECRET = 'callback';
