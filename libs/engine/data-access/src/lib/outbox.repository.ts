import { DataSource } from 'typeorm';

export interface PendingOutboxMessage {
  id: string;
  msgId: string;
  /**
   * Null on a row written before rows kept their contract's name (OutboxContract1767400000000):
   * the relay finds its contract from its subject.
   */
  contract: string | null;
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

  /** Messages neither published nor set aside, and when the oldest was written (for the metrics). */
  async pending(): Promise<{ count: number; oldestAt: Date | null }> {
    const [row]: Array<{ count: string; oldest: Date | null }> = await this.dataSource.query(
      `SELECT count(*) AS count, min(created_at) AS oldest FROM outbox
       WHERE published_at IS NULL AND failed_at IS NULL`,
    );
    return { count: Number(row.count), oldestAt: row.oldest === null ? null : new Date(row.oldest) };
  }

  /**
   * Deletes up to `limit` messages published before `before`, oldest first; returns how many. A
   * message set aside as undeliverable is never published, so it stays for operators.
   */
  async prunePublished(before: Date, limit: number): Promise<number> {
    const [, deleted] = (await this.dataSource.query(
      `DELETE FROM outbox WHERE id IN (
         SELECT id FROM outbox WHERE published_at < $1 ORDER BY id LIMIT $2)`,
      [before.toISOString(), limit],
    )) as [unknown, number];
    return deleted;
  }

  /**
   * Hands a batch of pending messages to `publish` while holding their row locks, and marks each
   * one published (or undeliverable) in the same transaction; one it answers `false` for stays
   * pending, uncounted. Messages of one lane (`laneOf`, e.g.
   * the swap they concern) go in order, one after the other; lanes go at once. SKIP LOCKED lets
   * several engine replicas relay without publishing the same row in parallel. Any other failure
   * ends the batch: what was published before it stays marked, the rest stays pending (a lane
   * never publishes past its failed message), and the error is rethrown. A crash after publishing
   * only leads to a re-publish that JetStream de-duplicates. Returns the rows handled.
   */
  async relayBatch(
    limit: number,
    publish: (message: PendingOutboxMessage) => Promise<boolean | void>,
    laneOf: (message: PendingOutboxMessage) => string = () => '',
  ): Promise<number> {
    const { handled, error } = await this.dataSource.transaction(async (manager) => {
      const rows: Array<{
        id: string;
        msg_id: string;
        contract: string | null;
        subject: string;
        payload: unknown;
      }> = await manager.query(
        `SELECT id, msg_id, contract, subject, payload FROM outbox
         WHERE published_at IS NULL AND failed_at IS NULL
         ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      const lanes = new Map<string, PendingOutboxMessage[]>();
      for (const row of rows) {
        const message = {
          id: row.id,
          msgId: row.msg_id,
          contract: row.contract,
          subject: row.subject,
          payload: row.payload,
        };
        const lane = laneOf(message);
        lanes.set(lane, [...(lanes.get(lane) ?? []), message]);
      }
      const published: string[] = [];
      const undeliverable: Array<{ id: string; error: string }> = [];
      let failure: unknown = null;
      const relayLane = async (lane: PendingOutboxMessage[]) => {
        for (const message of lane) {
          if (failure) return;
          try {
            if ((await publish(message)) === false) continue;
            published.push(message.id);
          } catch (err) {
            if (!(err instanceof UndeliverableMessageError)) {
              failure ??= err;
              return;
            }
            undeliverable.push({ id: message.id, error: err.message });
          }
        }
      };
      await Promise.all([...lanes.values()].map(relayLane));
      for (const { id, error } of undeliverable) {
        await manager.query(`UPDATE outbox SET failed_at = now(), last_error = $2 WHERE id = $1`, [
          id,
          error,
        ]);
      }
      if (published.length > 0) {
        await manager.query(`UPDATE outbox SET published_at = now() WHERE id = ANY($1::bigint[])`, [
          published,
        ]);
      }
      return { handled: published.length + undeliverable.length, error: failure };
    });
    if (error) throw error;
    return handled;
  }
}
