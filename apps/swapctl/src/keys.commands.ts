import { Option, type Command } from 'commander';
import {
  gatewayCreateKey,
  gatewayListKeys,
  gatewaySetKeyAgreement,
  gatewaySetKeyDisabled,
  type CreateKeyRequest,
  type KeyAgreement,
} from '@swap/contracts';
import {
  collectCidr,
  parseFeeShare,
  parseLabel,
  parsePartnerPercent,
  parseRateLimit,
  parseWebhookUrl,
} from './arguments';
import { CliError, EXIT } from './cli-error';
import { respond, withJsonOption, type CliContext, type JsonOption } from './command-kit';
import {
  addWebhooks,
  attachWebhook,
  registerKeyWebhookCommand,
  reportKeyCreation,
  reportKeyListing,
} from './keys-webhook.commands';
import { registerKeyReferralCommand } from './keys-referral.commands';
import { formatAgreementSet, formatKeySettings } from './keys.format';
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
  feeShare?: string;
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
    feeShare: options.feeShare ?? '0',
    rateLimit: options.rateLimit,
  };
}

export const createKey = async (bus: OpsBus, request: CreateKeyRequest) =>
  unwrap(await bus.request(gatewayCreateKey, request));

export const listKeys = async (bus: OpsBus) => unwrap(await bus.request(gatewayListKeys, {}));

export const setKeyAgreement = async (bus: OpsBus, key: string, agreement: KeyAgreement) =>
  unwrap(await bus.request(gatewaySetKeyAgreement, { key, agreement }));

/** One key's settings, from the listing (the gateway serves no single key to operators). */
export async function showKey(bus: OpsBus, key: string) {
  const found = (await listKeys(bus)).find((info) => info.key === key);
  if (!found) throw new CliError('KEY_NOT_FOUND', `No API key ${key}`);
  return found;
}

const PARTNER_PERCENT = 'volume share in percent added to the service fee, 0 ≤ p < 10';
const FEE_SHARE = 'fee share: p % of the service fee goes to the partner, 0 < p ≤ 100';

/** D19: the two agreements are exclusive; commander refuses both on one command line. */
const feeShareOption = () =>
  new Option('--fee-share <p>', `${FEE_SHARE} (not with --partner-percent)`)
    .argParser(parseFeeShare)
    .conflicts('partnerPercent');

/**
 * `keys set` takes exactly one agreement and replaces whatever the key had: --fee-share P sets the
 * volume share to 0, --partner-percent P (0 included) sets the fee share to 0.
 */
function agreementOf(options: { partnerPercent?: string; feeShare?: string }): KeyAgreement {
  if (options.feeShare !== undefined) return { partnerPercent: '0', feeShare: options.feeShare };
  if (options.partnerPercent !== undefined) return { partnerPercent: options.partnerPercent, feeShare: '0' };
  throw new CliError(
    'MISSING_AGREEMENT',
    'give the agreement to set: --fee-share P or --partner-percent P',
    EXIT.usage,
  );
}

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
    .option('--partner-percent <p>', PARTNER_PERCENT, parsePartnerPercent, '0')
    .addOption(feeShareOption())
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

  withJsonOption(keys.command('show <key>').description("one key's settings and agreement")).action(
    (key: string, options: JsonOption) =>
      respond(ctx, options, (bus) => showKey(bus, key), formatKeySettings),
  );

  withJsonOption(
    keys
      .command('set <key>')
      .description("set a key's partner agreement, replacing the one it has (D19)")
      .option('--partner-percent <p>', `${PARTNER_PERCENT}; 0 removes any agreement`, parsePartnerPercent)
      .addOption(feeShareOption()),
  ).action((key: string, options: JsonOption & { partnerPercent?: string; feeShare?: string }) => {
    const agreement = agreementOf(options);
    return respond(ctx, options, (bus) => setKeyAgreement(bus, key, agreement), formatAgreementSet);
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
  registerKeyReferralCommand(keys, ctx);
  registerXpubsCommand(keys, ctx);
  registerDeriveCommand(keys, ctx);
}
