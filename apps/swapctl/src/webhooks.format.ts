import type { WebhookDelivery } from '@swap/contracts';
import { fields, table, time } from './output';

/** D12's document for a webhook just set: its signing secret, shown this once. */
export interface WebhookSet {
  key: string;
  url: string;
  secret: string;
}

export function formatWebhookSet(hook: WebhookSet): string {
  return (
    fields([
      ['key', hook.key],
      ['url', hook.url],
      ['secret', hook.secret],
    ]) +
    'The signing secret is shown only this once: store it now, it cannot be retrieved later.\n' +
    'Each delivery carries X-Webhook-Signature: v1=HMAC-SHA256(secret, timestamp + "." + body) (D12).\n' +
    'Replacing a webhook keeps its old secret signing too for 24 h: v1=<new>,v1=<old>.\n'
  );
}

/** A webhook's new secret, shown this once, and until when the old one signs too. */
export interface WebhookSecretRotated extends WebhookSet {
  previousSecretUntil: number;
}

export function formatWebhookSecretRotated(hook: WebhookSecretRotated): string {
  return (
    fields([
      ['key', hook.key],
      ['url', hook.url],
      ['secret', hook.secret],
      ['old secret until', time(hook.previousSecretUntil)],
    ]) +
    'The new signing secret is shown only this once: store it now, it cannot be retrieved later.\n' +
    'Until then each delivery carries both signatures, X-Webhook-Signature: v1=<new>,v1=<old>;\n' +
    'switch the receiver to the new secret before the old one stops.\n'
  );
}

export function formatWebhookRemoved(result: { key: string; removed: boolean }): string {
  return result.removed
    ? `key ${result.key}: webhook removed; its swaps' events are no longer sent\n`
    : `key ${result.key} had no webhook\n`;
}

// Times are UNIX seconds, as every time in D12.
export function formatDeliveries(deliveries: readonly WebhookDelivery[]): string {
  if (deliveries.length === 0) return 'no webhook deliveries\n';
  return table(
    ['TIME', 'EVENT', 'SWAP', 'KEY', 'ATTEMPT', 'STATE', 'NEXT ATTEMPT', 'RESULT'],
    deliveries.map((d) => [
      time(d.at),
      d.eventId,
      d.swapId,
      d.key,
      String(d.attempt),
      d.eventState.replace('_', ' '),
      time(d.nextAttemptAt),
      result(d),
    ]),
  );
}

export function formatRedelivered(event: { eventId: string; key: string; swapId: string }): string {
  return `event ${event.eventId} (swap ${event.swapId}, key ${event.key}) is queued for delivery again, with the same id\n`;
}

/** What the URL answered: its HTTP status, or why nothing came back. */
function result(d: WebhookDelivery): string {
  const took = `in ${d.durationMs} ms`;
  if (d.httpStatus === null) return `${d.error ?? 'no response'} (${took})`;
  const status = `HTTP ${d.httpStatus} ${took}`;
  return d.ok || d.error === null ? status : `${status}: ${d.error}`;
}
