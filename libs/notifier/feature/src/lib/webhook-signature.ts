import { createHmac } from 'node:crypto';
import { randomBase62 } from '@swap/domain';

/** D12: `whsec_` and 40 base62 characters (about 238 random bits). */
export function newWebhookSecret(): string {
  return `whsec_${randomBase62(40)}`;
}

/** D12: `v1=` and the lowercase hex HMAC-SHA256 of `timestamp + "." + body` under the secret. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The headers of one attempt: the event id is stable, the timestamp and signature are this attempt's. */
export function webhookHeaders(eventId: string, secret: string, timestamp: number, body: string) {
  return {
    'content-type': 'application/json',
    'user-agent': 'instant-swap-webhooks/1',
    'x-webhook-id': eventId,
    'x-webhook-timestamp': String(timestamp),
    'x-webhook-signature': webhookSignature(secret, timestamp, body),
  };
}
