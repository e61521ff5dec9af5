import type { Logger } from '@swap/domain';
import { webhookSecretContext, type WebhookRepository } from '@swap/notifier-data';
import { SecretBox } from '@swap/persistence';
import { ConfigError } from '@swap/service-kit';

export interface ResealDeps {
  webhooks: WebhookRepository;
  /** WEBHOOK_SECRETS_KEY's box: everything ends up sealed under it. */
  box: SecretBox;
  /**
   * WEBHOOK_SECRETS_OLD_KEY's, given once after an upgrade: webhook secrets were sealed under the
   * gateway's SECRETS_KEY before the notifier had a key of its own.
   */
  oldBox?: SecretBox;
  logger: Logger;
}

/**
 * The notifier's start-up pass over stored webhook secrets: each one not yet sealed under
 * WEBHOOK_SECRETS_KEY and bound to its webhook's row (one sealed under the old key, or before rows
 * were bound) is opened and sealed so, by a guarded update that replicas starting together do once.
 * Afterwards the old key is needed no more. When not one secret opens, the keys given are not the
 * ones they were sealed with: that stops the notifier. A few that do not open are logged (set those
 * webhooks again with swapctl).
 */
export async function resealWebhookSecrets(deps: ResealDeps): Promise<{ resealed: number }> {
  const { webhooks, box, oldBox, logger } = deps;
  let total = 0;
  let resealed = 0;
  const unreadable: string[] = [];
  for (const row of await webhooks.sealedSecrets()) {
    const context = webhookSecretContext(row.key);
    const stored = [['current', row.current] as const, ['previous', row.previous] as const];
    for (const [which, sealed] of stored) {
      if (sealed === null) continue;
      total++;
      const fresh = openWith(box, sealed, context);
      if (fresh !== undefined && SecretBox.isBound(sealed)) continue;
      const secret = fresh ?? (oldBox && openWith(oldBox, sealed, context));
      if (secret === undefined) {
        unreadable.push(`${row.key} (${which})`);
        continue;
      }
      const again = box.seal(secret, context);
      if (await webhooks.replaceSealedSecret(row.key, which, sealed, again)) resealed++;
    }
  }
  if (total > 0 && unreadable.length === total)
    throw new ConfigError([
      `WEBHOOK_SECRETS_KEY: opens none of the ${total} stored webhook secrets` +
        (oldBox ? ', nor does WEBHOOK_SECRETS_OLD_KEY' : '') +
        `; if they were sealed under the gateway's SECRETS_KEY (before the notifier had a key of its own), set WEBHOOK_SECRETS_OLD_KEY to it once`,
    ]);
  if (unreadable.length > 0)
    logger.error(
      { webhooks: unreadable },
      'webhook secrets that no key given opens: set those webhooks again',
    );
  if (resealed > 0)
    logger.info({ resealed }, 'webhook secrets sealed again under WEBHOOK_SECRETS_KEY, bound to their rows');
  return { resealed };
}

function openWith(box: SecretBox, sealed: string, context: string): string | undefined {
  try {
    return box.open(sealed, context);
  } catch {
    return undefined;
  }
}
