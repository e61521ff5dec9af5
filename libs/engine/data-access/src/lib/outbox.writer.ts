import { EntityManager } from 'typeorm';

/** A bus message recorded in the same transaction as the state change it announces. */
export interface OutboxMessage {
  /** Stable id, used as Nats-Msg-Id so a re-published message is dropped by JetStream. */
  msgId: string;
  subject: string;
  payload: unknown;
}

export class OutboxWriter {
  async write(manager: EntityManager, message: OutboxMessage): Promise<void> {
    await manager.query(
      `INSERT INTO outbox (msg_id, subject, payload) VALUES ($1, $2, $3) ON CONFLICT (msg_id) DO NOTHING`,
      [message.msgId, message.subject, JSON.stringify(message.payload)],
    );
  }
}

/**
 * An INSERT … SELECT of the messages in `param` (a JSON array of OutboxMessage), in their order, for
 * a statement that writes the outbox together with its change; joined with `guard`, a CTE, rows are
 * written only when the guard returned a row.
 */
export function outboxInsertSelect(param: string, guard: string): string {
  return `INSERT INTO outbox (msg_id, subject, payload)
    SELECT m.message->>'msgId', m.message->>'subject', m.message->'payload'
    FROM ${guard}, jsonb_array_elements(${param}::jsonb) WITH ORDINALITY AS m(message, position)
    ORDER BY m.position
    ON CONFLICT (msg_id) DO NOTHING`;
}
