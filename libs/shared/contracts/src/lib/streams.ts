import { defineStream } from './define';
import { DEPOSIT_RETURNS_STREAM } from './deposit-returns';
import { ENGINE_INBOX_STREAM } from './engine.inbox';
import { MONEY_COMMANDS_STREAM } from './treasury.commands';

const DAY = 24 * 60 * 60;

/** Every state change of every swap: the gateway's read model, metrics and webhooks consume it. */
export const SWAP_EVENTS_STREAM = defineStream({
  name: 'SWAP_EVENTS',
  subjects: ['swap.*.updated'],
  maxAgeSeconds: 30 * DAY,
  duplicateWindowSeconds: 120,
});

export const ALL_STREAMS = [
  SWAP_EVENTS_STREAM,
  ENGINE_INBOX_STREAM,
  MONEY_COMMANDS_STREAM,
  DEPOSIT_RETURNS_STREAM,
];
