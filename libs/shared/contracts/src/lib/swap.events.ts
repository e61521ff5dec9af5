import { defineEvent } from './define';
import { SWAP_EVENTS_STREAM } from './streams';
import { swapSnapshot } from './swap-snapshot';

/** Published (through the engine's outbox) after every persisted change of a swap. */
export const swapUpdated = defineEvent({
  name: 'swap.updated',
  version: 1,
  stream: SWAP_EVENTS_STREAM,
  filter: 'swap.*.updated',
  subject: (swapId: string) => `swap.${swapId}.updated`,
  schema: swapSnapshot,
});
