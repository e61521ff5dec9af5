import { toSnapshot } from '@swap/contracts';
import { OutboxMessage } from '@swap/engine-data';
import { Swap } from '@swap/domain';
import { outboxMessage } from './outbox.contracts';

/** The outbox row announcing a swap's new state; its id makes re-publishing harmless. */
export function swapUpdatedMessage(swap: Swap): OutboxMessage {
  return outboxMessage('swapUpdated', `swap:${swap.id}:${swap.version}`, toSnapshot(swap));
}
