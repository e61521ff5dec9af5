import { DataSource } from 'typeorm';

export interface PendingOutboxMessage {
  id: string;
  msgId: string;
  subject: string;
  payload: unknown;
}

/**
 * Thrown by a publisher for a message that can never be published (it breaks its contract): the
 * row is set aside with the error, for operators, and the messages behind it go on.
 */
export class UndeliverableMessageError extends Error {
  override readonly name = 'UndeliverableMessageError';
}

export class OutboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Hands a batch of pending messages to `publish`, in order, while holding their row locks, and
   * marks each one published (or undeliverable) in the same transaction. SKIP LOCKED lets several
   * engine replicas relay without publishing the same row in parallel. Any other failure ends the
   * batch: what was published before it stays marked, the rest stays pending, and the error is
   * rethrown. A crash after publishing only leads to a re-publish that JetStream de-duplicates.
   * Returns the rows handled.
   */
  async relayBatch(
    limit: number,
    publish: (message: PendingOutboxMessage) => Promise<void>,
  ): Promise<number> {
    const { handled, error } = await this.dataSource.transaction(async (manager) => {
      const rows: Array<{ id: string; msg_id: string; subject: string; payload: unknown }> =
        await manager.query(
          `SELECT id, msg_id, subject, payload FROM outbox
           WHERE published_at IS NULL AND failed_at IS NULL
           ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [limit],
        );
      const published: string[] = [];
      let count = 0;
      let failure: unknown = null;
      for (const row of rows) {
        try {
          await publish({ id: row.id, msgId: row.msg_id, subject: row.subject, payload: row.payload });
          published.push(row.id);
        } catch (err) {
          if (!(err instanceof UndeliverableMessageError)) {
            failure = err;
            break;
          }
          await manager.query(`UPDATE outbox SET failed_at = now(), last_error = $2 WHERE id = $1`, [
            row.id,
            err.message,
          ]);
        }
        count++;
      }
      if (published.length > 0) {
        await manager.query(`UPDATE outbox SET published_at = now() WHERE id = ANY($1::bigint[])`, [
          published,
        ]);
      }
      return { handled: count, error: failure };
    });
    if (error) throw error;
    return handled;
  }
}
