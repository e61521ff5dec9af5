import type { Bus } from '@swap/bus';
import { engineInbox, engineInputId, type DepositObserved } from '@swap/contracts';

/** Deposits to the swap's engine actor, on its inbox partition. */
export class DepositPublisher {
  constructor(private readonly bus: Bus) {}

  /**
   * Resolves once JetStream has stored the message, or recognised it as a repeat of the same state
   * (the id names the state, so a rescan or a restart never counts a deposit twice).
   */
  async publish(message: DepositObserved): Promise<void> {
    await this.bus.publish(engineInbox, [message.swapId], message, { msgId: engineInputId(message) });
  }
}
