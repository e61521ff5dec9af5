import { DataSource } from 'typeorm';

/**
 * The associated data a webhook's secrets are sealed with (SecretBox): bound to the key's row, so a
 * sealed secret copied to another webhook does not open. The row, not the column: a rotation moves
 * the current secret to `previous_secret_sealed` in SQL, sealed as it is. Never change it.
 */
export const webhookSecretContext = (key: string): string => `notifier.webhooks:${key}`;

/** A webhook's sealed secrets, for the start-up pass that seals them again. */
export interface SealedWebhookSecrets {
  key: string;
  current: string;
  previous: string | null;
}

export interface WebhookRow {
  key: string;
  url: string;
  /** The signing secret, sealed with the service's SecretBox; only the notifier opens it. */
  secretSealed: string;
  createdAt: Date;
  /** Until when deliveries are signed with the secret this one replaced too; null when none. */
  previousSecretUntil: Date | null;
}

interface Row {
  api_key: string;
  url: string;
  secret_sealed: string;
  created_at: Date;
  previous_secret_until: Date | null;
}

/** Every column but the previous secret: only a delivery's claim reads that one. */
const COLUMNS = 'api_key, url, secret_sealed, created_at, previous_secret_until';

const toWebhook = (row: Row): WebhookRow => ({
  key: row.api_key,
  url: row.url,
  secretSealed: row.secret_sealed,
  createdAt: row.created_at,
  previousSecretUntil: row.previous_secret_until,
});

/** D12: at most one webhook per API key. */
export class WebhookRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Sets (or replaces) the key's webhook; events still pending go to the new URL. A replaced
   * webhook's secret becomes the previous one, signing too until `previousUntil`.
   */
  async set(key: string, url: string, secretSealed: string, previousUntil: Date): Promise<WebhookRow> {
    const [row] = (await this.db.query(
      `INSERT INTO webhooks (api_key, url, secret_sealed) VALUES ($1, $2, $3)
       ON CONFLICT (api_key) DO UPDATE SET url = $2, secret_sealed = $3, created_at = now(),
         previous_secret_sealed = webhooks.secret_sealed, previous_secret_until = $4
       RETURNING ${COLUMNS}`,
      [key, url, secretSealed, previousUntil],
    )) as Row[];
    return toWebhook(row);
  }

  /**
   * Gives the key's webhook a new secret; the one it had becomes the previous one, signing too
   * until `previousUntil` (a previous one still in use before is dropped). Null without a webhook.
   */
  async rotateSecret(key: string, secretSealed: string, previousUntil: Date): Promise<WebhookRow | null> {
    const rows = (await this.db.query(
      `UPDATE webhooks
       SET secret_sealed = $2, previous_secret_sealed = secret_sealed, previous_secret_until = $3
       WHERE api_key = $1
       RETURNING ${COLUMNS}`,
      [key, secretSealed, previousUntil],
    )) as [Row[], number];
    const [row] = rows[0];
    return row ? toWebhook(row) : null;
  }

  /** Drops previous secrets whose time is over: nothing signs with them any more. */
  async forgetExpiredSecrets(): Promise<number> {
    const result = (await this.db.query(
      `UPDATE webhooks SET previous_secret_sealed = NULL, previous_secret_until = NULL
       WHERE previous_secret_until <= now()`,
    )) as [unknown[], number];
    return result[1];
  }

  /**
   * Removes the key's webhook (an operator, or a receiver answering 410) and gives up its events
   * not yet delivered, in one transaction: nothing is sent for a key without a webhook.
   */
  async remove(key: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const deleted = (await tx.query(`DELETE FROM webhooks WHERE api_key = $1 RETURNING api_key`, [
        key,
      ])) as [unknown[], number];
      await tx.query(
        `UPDATE webhook_events SET state = 'given_up', leased_until = NULL, finished_at = now()
         WHERE api_key = $1 AND state = 'pending'`,
        [key],
      );
      return deleted[1] > 0;
    });
  }

  async sealedSecrets(): Promise<SealedWebhookSecrets[]> {
    const rows = (await this.db.query(
      `SELECT api_key, secret_sealed, previous_secret_sealed FROM webhooks ORDER BY api_key`,
    )) as Array<{ api_key: string; secret_sealed: string; previous_secret_sealed: string | null }>;
    return rows.map((row) => ({
      key: row.api_key,
      current: row.secret_sealed,
      previous: row.previous_secret_sealed,
    }));
  }

  /** Replaces one sealed secret if it is still `from` (replicas re-sealing at once do it once). */
  async replaceSealedSecret(
    key: string,
    which: 'current' | 'previous',
    from: string,
    to: string,
  ): Promise<boolean> {
    const column = which === 'current' ? 'secret_sealed' : 'previous_secret_sealed';
    const result = (await this.db.query(
      `UPDATE webhooks SET ${column} = $3 WHERE api_key = $1 AND ${column} = $2`,
      [key, from, to],
    )) as [unknown[], number];
    return result[1] > 0;
  }

  async list(key?: string): Promise<WebhookRow[]> {
    const rows = (await this.db.query(
      `SELECT ${COLUMNS} FROM webhooks WHERE $1::text IS NULL OR api_key = $1 ORDER BY created_at, api_key`,
      [key ?? null],
    )) as Row[];
    return rows.map(toWebhook);
  }
}
