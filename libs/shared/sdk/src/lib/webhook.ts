import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from './errors';
import type { SwapUpdatedEvent } from './types';

/** Request headers as node:http, Express and Fastify give them, or a fetch Headers. */
export type WebhookHeaders =
  { get(name: string): string | null } | Record<string, string | readonly string[] | undefined>;

export interface VerifyWebhookOptions {
  /** Deliveries signed longer ago than this (or as far ahead) are refused (default 300 s). */
  toleranceSeconds?: number;
  /** The current time in unix milliseconds (default Date.now()). */
  now?: number;
}

/** D12: lowercase hex HMAC-SHA256(secret, timestamp + "." + body), sent as `v1=<hex>`. */
export function webhookSignature(secret: string, timestamp: string, body: string | Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/**
 * D12: checks a webhook delivery (X-Webhook-Id, X-Webhook-Timestamp, X-Webhook-Signature over the
 * raw body exactly as received) and returns its event, or throws WebhookVerificationError. Any
 * one of several `v1=` values, separated by spaces or commas, may match (secret rotation).
 */
export function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): SwapUpdatedEvent {
  const id = header(headers, 'x-webhook-id');
  const timestamp = header(headers, 'x-webhook-timestamp');
  const signatures = header(headers, 'x-webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError(
      'missing X-Webhook-Id, X-Webhook-Timestamp or X-Webhook-Signature header',
    );
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('X-Webhook-Timestamp is not unix seconds');
  const age = Math.abs((options.now ?? Date.now()) / 1000 - Number(timestamp));
  if (age > (options.toleranceSeconds ?? 300))
    throw new WebhookVerificationError(
      'X-Webhook-Timestamp is outside the tolerance (a replay, or a clock off)',
    );

  const expected = Buffer.from(webhookSignature(secret, timestamp, rawBody), 'hex');
  const offered = signatures
    .split(/[\s,]+/)
    .filter((entry) => entry.startsWith('v1='))
    .map((entry) => Buffer.from(entry.slice(3), 'hex'));
  // Every candidate is compared, in constant time: how many bytes match says nothing.
  const matches = offered.filter(
    (candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected),
  );
  if (matches.length === 0) throw new WebhookVerificationError('X-Webhook-Signature does not match');

  let event: SwapUpdatedEvent;
  try {
    event = JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8'));
  } catch {
    throw new WebhookVerificationError('the body is not JSON');
  }
  if (event?.type !== 'swap.updated' || event.id !== id || typeof event.data !== 'object')
    throw new WebhookVerificationError('the body is not the swap.updated event X-Webhook-Id names');
  return event;
}

const isFetchHeaders = (headers: WebhookHeaders): headers is { get(name: string): string | null } =>
  typeof (headers as { get?: unknown }).get === 'function';

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (isFetchHeaders(headers)) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return typeof value === 'string' ? value : value?.join(',');
}
