import { z } from 'zod';
import { apiResponses, swapUpdatedEvent } from '@swap/domain';

// Real and dry-run ids (D3); anything else is answered as an unknown swap.
const SWAP_ID = /^[A-Za-z0-9]{10}$/;
const swapId = z.string().regex(SWAP_ID).meta({ description: 'The swap id' });
const op = <O extends string>(name: O) => z.literal(name);

/** D18, client → server: one JSON object per text frame. */
export const streamSubscribeOne = z
  .object({
    op: op('subscribe'),
    id: swapId,
    token: z.string().optional().meta({ description: "The swap's token, for a swap of another key" }),
    after: z.number().int().nonnegative().optional().meta({
      description: 'Every stored version after this one is sent first, then the live ones',
    }),
  })
  .register(apiResponses, { id: 'StreamSubscribe' });
export const streamSubscribeAll = z
  .object({ op: op('subscribe'), all: z.literal(true) })
  .meta({ description: 'Every swap of the key, from now on' })
  .register(apiResponses, { id: 'StreamSubscribeAll' });
export const streamUnsubscribe = z
  .union([
    z.object({ op: op('unsubscribe'), id: swapId }),
    z.object({ op: op('unsubscribe'), all: z.literal(true) }),
  ])
  .register(apiResponses, { id: 'StreamUnsubscribe' });

export const streamClientMessage = z.union([streamSubscribeAll, streamSubscribeOne, streamUnsubscribe]);
export type StreamClientMessage = z.output<typeof streamClientMessage>;

/** D18, server → client. */
export const streamSubscribed = z
  .object({ type: z.literal('subscribed'), id: z.string().optional(), all: z.literal(true).optional() })
  .register(apiResponses, { id: 'StreamSubscribed' });
export const streamError = z
  .object({ type: z.literal('error'), msg: z.string() })
  .meta({ description: 'A bad message or a refused subscription; the connection stays open' })
  .register(apiResponses, { id: 'StreamError' });
export const streamSwapUpdated = swapUpdatedEvent
  .extend({
    version: z.number().int().meta({ description: "The swap's version: each arrives once, in order" }),
  })
  .register(apiResponses, { id: 'StreamSwapUpdated' });

export type StreamServerMessage = z.input<typeof streamSubscribed> | z.input<typeof streamError>;

/** The messages of a refusal, as the client reads them. */
export const STREAM_ERRORS = {
  notJson: 'Message must be one JSON object',
  unknownOp: 'Message must be {"op":"subscribe"|"unsubscribe", "id" or "all"}',
  notFound: 'Swap not found',
  unavailable: 'Temporarily unavailable, subscribe again',
  tooManySubscriptions: (limit: number) => `Too many subscriptions on this connection (limit ${limit})`,
  tooManyConnections: (limit: number) => `Too many connections for this key (limit ${limit})`,
} as const;

/** A frame's text as a client message, or the error to answer it with. */
export function parseClientMessage(text: string): StreamClientMessage | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: STREAM_ERRORS.notJson };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { error: STREAM_ERRORS.notJson };
  const parsed = streamClientMessage.safeParse(value);
  if (parsed.success) return parsed.data;
  // A well-formed subscribe to what is not a swap id answers as an unknown swap does.
  const { op: kind, id } = value as { op?: unknown; id?: unknown };
  if (kind === 'subscribe' && typeof id === 'string' && !SWAP_ID.test(id))
    return { error: STREAM_ERRORS.notFound };
  return { error: STREAM_ERRORS.unknownOp };
}
