import type { Command } from 'commander';
import {
  notifierListDeliveries,
  notifierListWebhooks,
  notifierRedeliver,
  notifierRemoveWebhook,
  notifierRotateWebhookSecret,
  notifierSetWebhook,
} from '@swap/contracts';
import { parseListLimit } from './arguments';
import { respond, withJsonOption, type CliContext, type JsonOption } from './command-kit';
import { unwrap, type OpsBus } from './ops-bus';
import { formatDeliveries, formatRedelivered, formatWebhookSecretRotated } from './webhooks.format';

// D12: webhooks, their secrets and deliveries belong to the notifier; these are its operator RPCs.

export const setWebhook = async (bus: OpsBus, key: string, url: string) =>
  unwrap(await bus.request(notifierSetWebhook, { key, url }));

export const removeWebhook = async (bus: OpsBus, key: string) =>
  unwrap(await bus.request(notifierRemoveWebhook, { key }));

export const rotateWebhookSecret = async (bus: OpsBus, key: string) => {
  const hook = unwrap(await bus.request(notifierRotateWebhookSecret, { key }));
  return { key: hook.key, url: hook.url, secret: hook.secret, previousSecretUntil: hook.previousSecretUntil };
};

export const listWebhooks = async (bus: OpsBus) => unwrap(await bus.request(notifierListWebhooks, {}));

export const DEFAULT_DELIVERIES_LIMIT = 100;

interface DeliveriesOptions extends JsonOption {
  key?: string;
  failed?: boolean;
  limit: number;
}

export function registerWebhookCommands(program: Command, ctx: CliContext): void {
  const webhooks = program
    .command('webhooks')
    .description(
      'webhook secrets and deliveries (D12, served by the notifier); set a webhook with keys webhook',
    );

  withJsonOption(
    webhooks
      .command('rotate-secret <key>')
      .description(
        "a new signing secret for the key's webhook, printed once; the old one signs too for 24 h",
      ),
  ).action((key: string, options: JsonOption) =>
    respond(ctx, options, (bus) => rotateWebhookSecret(bus, key), formatWebhookSecretRotated),
  );

  withJsonOption(
    webhooks.command('deliveries').description("attempts to deliver swap events to the keys' webhooks"),
  )
    .option('--key <key>', "only this key's webhook")
    .option('--failed', 'only attempts that failed (no 2xx)')
    .option('--limit <n>', 'at most this many attempts', parseListLimit, DEFAULT_DELIVERIES_LIMIT)
    .action((options: DeliveriesOptions) => {
      const request = {
        ...(options.key === undefined ? {} : { key: options.key }),
        failed: options.failed === true,
        limit: options.limit,
      };
      return respond(
        ctx,
        options,
        async (bus) => unwrap(await bus.request(notifierListDeliveries, request)),
        formatDeliveries,
      );
    });

  withJsonOption(
    webhooks.command('redeliver <eventId>').description('send an event again, with the same id'),
  ).action((eventId: string, options: JsonOption) =>
    respond(
      ctx,
      options,
      async (bus) => unwrap(await bus.request(notifierRedeliver, { eventId })),
      formatRedelivered,
    ),
  );
}
