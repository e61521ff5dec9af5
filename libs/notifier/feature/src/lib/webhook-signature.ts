import { randomBase62 } from '@swap/domain';
import { webhookSignature } from '@swap/sdk';

/** D12: `whsec_` and 40 base62 characters (about 238 random bits). */
export function newWebhookSecret(): string {
  return `whsec_${randomBase62(40)}`;
}

/**
 * After a webhook's secret is replaced, deliveries are signed with the one it replaced too for this
 * long, so its receiver can switch to the new secret without refusing a delivery meanwhile.
 */
export const PREVIOUS_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** What an attempt is signed with. */
export interface SigningSecrets {
  current: string;
  /** The secret `current` replaced, and until when (unix ms) it signs too. */
  previous: { secret: string; until: number } | null;
}

/**
 * The headers of one attempt made at `now` (unix ms): the event id is stable, the timestamp and
 * signature are this attempt's. The signature is the SDK's own `webhookSignature`, the one
 * integrators verify with: `v1=<current>`, and within the overlap `v1=<current>,v1=<previous>`
 * (D12's several `v1=` values; a verifier accepts the delivery when any one matches its secret).
 */
export function webhookHeaders(eventId: string, secrets: SigningSecrets, now: number, body: string) {
  const timestamp = String(Math.floor(now / 1000));
  const { current, previous } = secrets;
  const signing = previous && now < previous.until ? [current, previous.secret] : [current];
  return {
    'content-type': 'application/json',
    'user-agent': 'instant-swap-webhooks/1',
    'x-webhook-id': eventId,
    'x-webhook-timestamp': timestamp,
    'x-webhook-signature': signing
      .map((secret) => `v1=${webhookSignature(secret, timestamp, body)}`)
      .join(','),
  };
}
