import { defineStream, SWAP_STREAM_RETENTION } from './define';
import { DEPOSIT_RETURNS_STREAM } from './deposit-returns';
import { ENGINE_INBOX_STREAM } from './engine.inbox';
import { MONEY_COMMANDS_STREAM } from './treasury.commands';

/** Every state change of every swap: the gateway's read model, metrics and webhooks consume it. */
export const SWAP_EVENTS_STREAM = defineStream({
  name: 'SWAP_EVENTS',
  subjects: ['swap.*.updated'],
  ...SWAP_STREAM_RETENTION,
});

export const ALL_STREAMS = [
  SWAP_EVENTS_STREAM,
  ENGINE_INBOX_STREAM,
  MONEY_COMMANDS_STREAM,
  DEPOSIT_RETURNS_STREAM,
];
