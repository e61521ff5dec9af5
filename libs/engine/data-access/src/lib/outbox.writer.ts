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
