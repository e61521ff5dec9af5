import { DataSource } from 'typeorm';

export interface PendingOutboxMessage {
  id: string;
  msgId: string;
  subject: string;
  payload: unknown;
}

export class OutboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Hands a batch of unpublished messages to `publish` while holding their row locks, then marks
   * them published. SKIP LOCKED lets several engine replicas relay without publishing twice in
   * parallel; a crash after publishing only leads to a re-publish that JetStream de-duplicates.
   */
  async relayBatch(
    limit: number,
    publish: (message: PendingOutboxMessage) => Promise<void>,
  ): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: Array<{ id: string; msg_id: string; subject: string; payload: unknown }> =
        await manager.query(
          `SELECT id, msg_id, subject, payload FROM outbox WHERE published_at IS NULL
         ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [limit],
        );
      for (const row of rows) {
        await publish({ id: row.id, msgId: row.msg_id, subject: row.subject, payload: row.payload });
      }
      if (rows.length > 0) {
        await manager.query(`UPDATE outbox SET published_at = now() WHERE id = ANY($1::bigint[])`, [
          rows.map((row) => row.id),
        ]);
      }
      return rows.length;
    });
  }
}
