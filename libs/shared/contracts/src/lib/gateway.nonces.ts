import { z } from 'zod';
import { defineEvent, defineStream } from './define';

/** D2 promises at least 10 minutes, although the ±30 s timestamp window already refuses older requests. */
const NONCE_MEMORY_SECONDS = 600;

/**
 * D2: every nonce a gateway replica accepted, once. Each message's Nats-Msg-Id is the key and
 * nonce (nonceMsgId), so the stream itself refuses a nonce seen within its duplicate window, on
 * every replica and atomically: the publish's ack says `duplicate`. The server rebuilds that
 * memory from the stored messages when it restarts.
 */
export const GATEWAY_NONCES_STREAM = defineStream({
  name: 'GATEWAY_NONCES',
  subjects: ['gateway.nonce'],
  maxAgeSeconds: NONCE_MEMORY_SECONDS,
  duplicateWindowSeconds: NONCE_MEMORY_SECONDS,
});

export const nonceUsed = defineEvent({
  name: 'gateway.nonce.used',
  version: 1,
  stream: GATEWAY_NONCES_STREAM,
  filter: 'gateway.nonce',
  subject: () => 'gateway.nonce',
  schema: z.object({ at: z.number().int() }),
});

/** The de-duplication id of a key's nonce. */
export const nonceMsgId = (apiKey: string, nonce: string): string => `${apiKey}.${nonce}`;
