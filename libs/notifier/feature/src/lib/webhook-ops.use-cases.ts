import type { RpcError, WebhookDelivery, WebhookInfo } from '@swap/contracts';
import type { Clock } from '@swap/domain';
import type { DeliveryRow, EventRepository, WebhookRepository, WebhookRow } from '@swap/notifier-data';
import { checkWebhookUrl, WebhookUrlRefused, type ResolveHost } from './webhook-url';
import { newWebhookSecret, PREVIOUS_SECRET_OVERLAP_MS } from './webhook-signature';

/** An operator's request the notifier refuses, with the words swapctl shows. */
export class WebhookOpsError extends Error {
  override readonly name = 'WebhookOpsError';
  constructor(
    readonly code: 'UNKNOWN_KEY' | 'WEBHOOK_URL_REFUSED' | 'WEBHOOK_NOT_FOUND' | 'EVENT_NOT_FOUND',
    message: string,
  ) {
    super(message);
  }

  toPayload(): RpcError {
    return { code: this.code, message: this.message, status: 400 };
  }
}

export interface WebhookOpsDeps {
  webhooks: WebhookRepository;
  events: EventRepository;
  /** Seals a secret of the key's webhook for storage (SecretBox.seal, bound to the webhook's row). */
  sealSecret: (secret: string, key: string) => string;
  /** Whether the gateway knows the API key (a webhook for no key would never fire). */
  keyExists: (key: string) => Promise<boolean>;
  allowPrivate: boolean;
  resolve?: ResolveHost;
  /** Pending events exist again (a redelivery): the dispatcher looks now. */
  onPending: () => void;
  clock: Clock;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const info = (row: WebhookRow): WebhookInfo => ({
  key: row.key,
  url: row.url,
  createdAt: seconds(row.createdAt),
});

/** D12's operator side: swapctl keys webhook, swapctl webhooks rotate-secret, deliveries and redeliver. */
export class WebhookOps {
  constructor(private readonly deps: WebhookOpsDeps) {}

  /**
   * Sets the key's webhook with a new secret, shown this once. Replacing a webhook is a rotation
   * too: the secret it had signs as well for the overlap.
   */
  async set(key: string, url: string): Promise<WebhookInfo & { secret: string }> {
    if (!(await this.deps.keyExists(key))) throw new WebhookOpsError('UNKNOWN_KEY', `no API key ${key}`);
    let checked: string;
    try {
      checked = await checkWebhookUrl(url, {
        allowPrivate: this.deps.allowPrivate,
        resolve: this.deps.resolve,
      });
    } catch (err) {
      if (err instanceof WebhookUrlRefused) throw new WebhookOpsError('WEBHOOK_URL_REFUSED', err.message);
      throw err;
    }
    const secret = newWebhookSecret();
    const row = await this.deps.webhooks.set(
      key,
      checked,
      this.deps.sealSecret(secret, key),
      this.overlapEnd(),
    );
    return { ...info(row), secret };
  }

  /**
   * A new secret for the key's webhook, shown this once; deliveries carry the old secret's
   * signature too until `previousSecretUntil`. The old secret itself is never shown.
   */
  async rotateSecret(key: string): Promise<WebhookInfo & { secret: string; previousSecretUntil: number }> {
    const secret = newWebhookSecret();
    const until = this.overlapEnd();
    const row = await this.deps.webhooks.rotateSecret(key, this.deps.sealSecret(secret, key), until);
    if (!row) throw new WebhookOpsError('WEBHOOK_NOT_FOUND', `key ${key} has no webhook`);
    return { ...info(row), secret, previousSecretUntil: seconds(until) };
  }

  async remove(key: string): Promise<{ key: string; removed: boolean }> {
    return { key, removed: await this.deps.webhooks.remove(key) };
  }

  async list(key?: string): Promise<WebhookInfo[]> {
    return (await this.deps.webhooks.list(key)).map(info);
  }

  async deliveries(filter: { key?: string; failed: boolean; limit: number }): Promise<WebhookDelivery[]> {
    return (await this.deps.events.deliveries(filter)).map((row: DeliveryRow) => ({
      ...row,
      at: seconds(row.at),
      nextAttemptAt: row.nextAttemptAt && seconds(row.nextAttemptAt),
    }));
  }

  async redeliver(eventId: string) {
    const event = await this.deps.events.redeliver(eventId);
    if (!event)
      throw new WebhookOpsError('EVENT_NOT_FOUND', `no event ${eventId} of a key that has a webhook`);
    this.deps.onPending();
    return { eventId, ...event, state: 'pending' as const };
  }

  private overlapEnd(): Date {
    return new Date(this.deps.clock() + PREVIOUS_SECRET_OVERLAP_MS);
  }
}
