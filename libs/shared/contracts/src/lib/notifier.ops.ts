import { z } from 'zod';
import { defineRpc, rpcResult } from './define';

/*
 * D12: the notifier's operator RPCs (swapctl keys webhook, swapctl webhooks …). The notifier owns
 * webhooks, their secrets and their deliveries; no other service reads them.
 */

/** A key's webhook as operators see it (the secret only once, when it is set). */
export const webhookInfo = z.object({
  key: z.string(),
  url: z.string(),
  createdAt: z.number().int(),
});
export type WebhookInfo = z.infer<typeof webhookInfo>;

export const notifierSetWebhook = defineRpc({
  name: 'notifier.webhooks.set',
  version: 1,
  subject: 'ops.notifier.webhooks.set',
  request: z.object({ key: z.string().min(1), url: z.string().min(1).max(2000) }),
  response: rpcResult(webhookInfo.extend({ secret: z.string() })),
});

/**
 * A new signing secret for the key's webhook, shown this once. Until `previousSecretUntil` (unix s,
 * 24 h on) every delivery is signed with the old secret too, as a second `v1=` value.
 */
export const notifierRotateWebhookSecret = defineRpc({
  name: 'notifier.webhooks.rotate-secret',
  version: 1,
  subject: 'ops.notifier.webhooks.rotate-secret',
  request: z.object({ key: z.string().min(1) }),
  response: rpcResult(webhookInfo.extend({ secret: z.string(), previousSecretUntil: z.number().int() })),
});

export const notifierRemoveWebhook = defineRpc({
  name: 'notifier.webhooks.remove',
  version: 1,
  subject: 'ops.notifier.webhooks.remove',
  request: z.object({ key: z.string().min(1) }),
  response: rpcResult(z.object({ key: z.string(), removed: z.boolean() })),
});

export const notifierListWebhooks = defineRpc({
  name: 'notifier.webhooks.list',
  version: 1,
  subject: 'ops.notifier.webhooks.list',
  request: z.object({ key: z.string().optional() }),
  response: rpcResult(z.array(webhookInfo)),
});

/** One attempt to deliver one event (D12: swapctl webhooks deliveries). */
export const webhookDelivery = z.object({
  eventId: z.string(),
  key: z.string(),
  swapId: z.string(),
  attempt: z.number().int().positive(),
  url: z.string(),
  at: z.number().int(),
  /** HTTP status, or null when no response came (timeout, refused, private address). */
  httpStatus: z.number().int().nullable(),
  ok: z.boolean(),
  error: z.string().nullable(),
  durationMs: z.number().int().nonnegative(),
  /** Where the event stands now: pending (a retry is due at nextAttemptAt), delivered or given up. */
  eventState: z.enum(['pending', 'delivered', 'given_up']),
  nextAttemptAt: z.number().int().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const notifierListDeliveries = defineRpc({
  name: 'notifier.deliveries.list',
  version: 1,
  subject: 'ops.notifier.deliveries.list',
  request: z.object({
    key: z.string().optional(),
    failed: z.boolean().default(false),
    limit: z.number().int().min(1).max(1000).default(100),
  }),
  response: rpcResult(z.array(webhookDelivery)),
});

export const notifierRedeliver = defineRpc({
  name: 'notifier.events.redeliver',
  version: 1,
  subject: 'ops.notifier.events.redeliver',
  request: z.object({ eventId: z.string().min(1) }),
  response: rpcResult(
    z.object({ eventId: z.string(), key: z.string(), swapId: z.string(), state: z.literal('pending') }),
  ),
});
