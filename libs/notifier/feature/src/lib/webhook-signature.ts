import { randomBase62 } from '@swap/domain';
import { webhookSignature } from '@swap/sdk';

/** D12: `whsec_` and 40 base62 characters (about 238 random bits). */
export function newWebhookSecret(): string {
  return `whsec_${randomBase62(40)}`;
}

/**
 * The headers of one attempt: the event id is stable, the timestamp and signature are this
 * attempt's. The signature is the SDK's own `webhookSignature`, the one integrators verify with.
 */
export function webhookHeaders(eventId: string, secret: string, timestamp: number, body: string) {
  return {
    'content-type': 'application/json',
    'user-agent': 'instant-swap-webhooks/1',
    'x-webhook-id': eventId,
    'x-webhook-timestamp': String(timestamp),
    'x-webhook-signature': `v1=${webhookSignature(secret, String(timestamp), body)}`,
  };
}
