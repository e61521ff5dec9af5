import type { Bus } from '@swap/bus';
import { engineInbox, engineInputId, type DepositObserved } from '@swap/contracts';

/** Deposits to the swap's engine actor, on its inbox partition. */
export class DepositPublisher {
  constructor(private readonly bus: Bus) {}

  /**
   * Resolves once JetStream has stored the message, or recognised it as a repeat (the id names the
   * state and `round`, the deposit's count of reported states: a rescan or a restart repeats the
   * same id, while a return to a state told before is a new round, so it reaches the engine).
   */
  async publish(message: DepositObserved, round: number): Promise<void> {
    await this.bus.publish(engineInbox, [message.swapId], message, {
      msgId: `${engineInputId(message)}#${round}`,
    });
  }
}
