import { DataSource } from 'typeorm';

export interface WebhookRow {
  key: string;
  url: string;
  /** The signing secret, sealed with the service's SecretBox; only the notifier opens it. */
  secretSealed: string;
  createdAt: Date;
}

interface Row {
  api_key: string;
  url: string;
  secret_sealed: string;
  created_at: Date;
}

const toWebhook = (row: Row): WebhookRow => ({
  key: row.api_key,
  url: row.url,
  secretSealed: row.secret_sealed,
  createdAt: row.created_at,
});

/** D12: at most one webhook per API key. */
export class WebhookRepository {
  constructor(private readonly db: DataSource) {}

  /** Sets (or replaces) the key's webhook; events still pending go to the new URL. */
  async set(key: string, url: string, secretSealed: string): Promise<WebhookRow> {
    const [row] = (await this.db.query(
      `INSERT INTO webhooks (api_key, url, secret_sealed) VALUES ($1, $2, $3)
       ON CONFLICT (api_key) DO UPDATE SET url = $2, secret_sealed = $3, created_at = now()
       RETURNING *`,
      [key, url, secretSealed],
    )) as Row[];
    return toWebhook(row);
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

  async list(key?: string): Promise<WebhookRow[]> {
    const rows = (await this.db.query(
      `SELECT * FROM webhooks WHERE $1::text IS NULL OR api_key = $1 ORDER BY created_at, api_key`,
      [key ?? null],
    )) as Row[];
    return rows.map(toWebhook);
  }
}
