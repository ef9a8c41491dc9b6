// Signs a webhook delivery the way receivers check it: HMAC-SHA256 of "<timestamp>.<body>" with the webhook's secret.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new secret: 32 random bytes, readable in a header or a config file. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** The X-Annot-Signature header's value for a body sent at `timestamp` (seconds since the epoch). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does: recompute and compare in constant time; a stale timestamp is refused to stop replays. */
export function webhookSignatureValid(secret: string, timestamp: number, body: string, signature: string, toleranceSeconds = 300, now = Date.now()): boolean {
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(webhookSignature(secret, timestamp, body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
