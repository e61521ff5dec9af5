import { swapUpdated, toSnapshot } from '@swap/contracts';
import { OutboxMessage } from '@swap/engine-data';
import { Swap } from '@swap/domain';

/** The outbox row announcing a swap's new state; its id makes re-publishing harmless. */
export function swapUpdatedMessage(swap: Swap): OutboxMessage {
  return {
    msgId: `swap:${swap.id}:${swap.version}`,
    subject: swapUpdated.subject(swap.id),
    payload: toSnapshot(swap),
  };
}
