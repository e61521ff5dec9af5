import type { Command } from 'commander';
import {
  gatewayCreateKey,
  gatewayListKeys,
  gatewaySetKeyDisabled,
  type CreateKeyRequest,
} from '@swap/contracts';
import { collectCidr, parseLabel, parsePartnerPercent, parseRateLimit, parseWebhookUrl } from './arguments';
import { respond, withJsonOption, type CliContext, type JsonOption } from './command-kit';
import {
  addWebhooks,
  attachWebhook,
  registerKeyWebhookCommand,
  reportKeyCreation,
  reportKeyListing,
} from './keys-webhook.commands';
import { formatKeySettings } from './keys.format';
import { unwrap, type OpsBus } from './ops-bus';
import { registerDeriveCommand } from './derive.command';
import { registerXpubsCommand } from './xpubs.command';

export interface CreateKeyOptions extends JsonOption {
  label?: string;
  fixedRate?: boolean;
  dryRun?: boolean;
  autoExecuteOnMismatch?: boolean;
  ip: string[];
  partnerPercent: string;
  rateLimit: number;
  webhookUrl?: string;
}

export function toCreateKeyRequest(options: CreateKeyOptions): CreateKeyRequest {
  return {
    label: options.label ?? null,
    fixedRateEnabled: options.fixedRate === true,
    dryrunEnabled: options.dryRun === true,
    autoExecuteOnMismatch: options.autoExecuteOnMismatch === true,
    ipWhitelist: options.ip,
    partnerPercent: options.partnerPercent,
    rateLimit: options.rateLimit,
  };
}

export const createKey = async (bus: OpsBus, request: CreateKeyRequest) =>
  unwrap(await bus.request(gatewayCreateKey, request));

export const listKeys = async (bus: OpsBus) => unwrap(await bus.request(gatewayListKeys, {}));

export const setKeyDisabled = async (bus: OpsBus, key: string, disabled: boolean) =>
  unwrap(await bus.request(gatewaySetKeyDisabled, { key, disabled }));

export function registerKeyCommands(program: Command, ctx: CliContext): void {
  const keys = program.command('keys').description('integrator API keys (served by the gateway)');

  withJsonOption(
    keys.command('create').description('create a key; prints its secret (and webhook secret) once'),
  )
    .option('--label <label>', 'a name for the operator', parseLabel)
    .option('--fixed-rate', 'allow fixed-rate swaps')
    .option('--dry-run', 'swaps of this key are dry runs (no funds move)')
    .option('--auto-execute-on-mismatch', 'execute fixed-rate mismatches without asking')
    .option('--ip <cidr>', 'allow requests only from this address or CIDR (repeatable)', collectCidr, [])
    .option('--partner-percent <p>', 'partner share in percent, 0 ≤ p < 10', parsePartnerPercent, '0')
    .option('--rate-limit <n>', 'requests per second per endpoint (D5)', parseRateLimit, 30)
    .option('--webhook-url <url>', "also set the key's webhook (D12)", parseWebhookUrl)
    .action(async (options: CreateKeyOptions) => {
      const outcome = await ctx.withBus(async (bus) =>
        attachWebhook(bus, await createKey(bus, toCreateKeyRequest(options)), options.webhookUrl),
      );
      reportKeyCreation(ctx, options, outcome);
    });

  withJsonOption(
    keys.command('list').description('list keys, their settings and webhooks (never secrets)'),
  ).action(async (options: JsonOption) => {
    const listing = await ctx.withBus(async (bus) => addWebhooks(bus, await listKeys(bus)));
    reportKeyListing(ctx, options, listing);
  });

  for (const [name, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    withJsonOption(
      keys.command(`${name} <key>`).description(`${name} a key on every gateway replica`),
    ).action((key: string, options: JsonOption) =>
      respond(
        ctx,
        options,
        (bus) => setKeyDisabled(bus, key, disabled),
        (info) => `key ${info.key} is ${disabled ? 'disabled' : 'enabled'}\n${formatKeySettings(info)}`,
      ),
    );
  }

  registerKeyWebhookCommand(keys, ctx);
  registerXpubsCommand(keys, ctx);
  registerDeriveCommand(keys, ctx);
}
