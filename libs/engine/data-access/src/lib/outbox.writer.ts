import { EntityManager } from 'typeorm';

/** A bus message recorded in the same transaction as the state change it announces. */
export interface OutboxMessage {
  /** Stable id, used as Nats-Msg-Id so a re-published message is dropped by JetStream. */
  msgId: string;
  /** The name of its contract in the engine's outbox registry, by which the relay publishes it. */
  contract: string;
  /** Where it goes, read off the message when it was made: for operators, and checked when relayed. */
  subject: string;
  /** The message, typed by its contract's schema where it is made; validated when published. */
  payload: unknown;
}

export class OutboxWriter {
  async write(manager: EntityManager, message: OutboxMessage): Promise<void> {
    await manager.query(
      `INSERT INTO outbox (msg_id, contract, subject, payload) VALUES ($1, $2, $3, $4)
       ON CONFLICT (msg_id) DO NOTHING`,
      [message.msgId, message.contract, message.subject, JSON.stringify(message.payload)],
    );
  }
}

/**
 * An INSERT … SELECT of outbox messages written together with their changes: for each row of
 * `from` (a FROM list, joined with the guard of the change), the JSON array of OutboxMessage in
 * `messages`, in the order of `order` (the rows'), then each row's own order.
 */
export function outboxInsertSelect(from: string, messages: string, order: string): string {
  return `INSERT INTO outbox (msg_id, contract, subject, payload)
    SELECT m.message->>'msgId', m.message->>'contract', m.message->>'subject', m.message->'payload'
    FROM ${from}, jsonb_array_elements(${messages}) WITH ORDINALITY AS m(message, position)
    ORDER BY ${order}, m.position
    ON CONFLICT (msg_id) DO NOTHING`;
}
