import type { Command } from 'commander';
import type { ApiKeyInfo } from '@swap/contracts';
import { parseWebhookUrl } from './arguments';
import { isUnreachable } from './bus-errors';
import { CliError } from './cli-error';
import { respond, withJsonOption, type CliContext, type JsonOption } from './command-kit';
import type { OpsBus } from './ops-bus';
import { toJson } from './output';
import { formatCreatedKey, formatKeyTable, type CreatedKey, type ListedKey } from './keys.format';
import { listWebhooks, removeWebhook, setWebhook } from './webhooks.commands';
import { formatWebhookRemoved, formatWebhookSet } from './webhooks.format';

/** Creating a key is the gateway's; its webhook the notifier's. The key may exist without it. */
export interface KeyCreation {
  created: CreatedKey;
  webhookError?: CliError;
}

/** Sets the webhook of a key just created (keys create --webhook-url), if one was asked for. */
export async function attachWebhook(
  bus: OpsBus,
  created: { key: string; secret: string },
  webhookUrl: string | undefined,
): Promise<KeyCreation> {
  if (webhookUrl === undefined) return { created };
  try {
    const { url, secret } = await setWebhook(bus, created.key, webhookUrl);
    return { created: { ...created, webhook: { url, secret } } };
  } catch (err) {
    return { created: { ...created, webhook: null }, webhookError: notSet(created.key, webhookUrl, err) };
  }
}

/** Prints the new key (never losing its secret); then fails if its webhook could not be set. */
export function reportKeyCreation(ctx: CliContext, options: JsonOption, outcome: KeyCreation): void {
  const { created, webhookError } = outcome;
  const error = webhookError && { code: webhookError.code, message: webhookError.message };
  ctx.output.out(options.json ? toJson(error ? { ...created, error } : created) : formatCreatedKey(created));
  if (webhookError) throw webhookError;
}

function notSet(key: string, url: string, err: unknown): CliError {
  const cause = err instanceof CliError ? err : undefined;
  const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
  return new CliError(
    cause?.code ?? 'INTERNAL',
    `key ${key} was created (its secret is printed), but its webhook was not set: ${reason}. ` +
      `Set it with: swapctl keys webhook ${key} ${shellWord(url)}`,
    cause?.exitCode,
    true,
  );
}

export interface KeyListing {
  keys: ListedKey[];
  /** Why the keys come without their webhooks: the notifier did not answer. */
  webhooksMissing?: string;
}

/** The keys with their webhooks' URLs; without them when the notifier does not answer (older deployment). */
export async function addWebhooks(bus: OpsBus, keys: ApiKeyInfo[]): Promise<KeyListing> {
  try {
    const urls = new Map((await listWebhooks(bus)).map((hook) => [hook.key, hook.url]));
    return { keys: keys.map((k) => ({ ...k, webhook: urls.get(k.key) ?? null })) };
  } catch (err) {
    if (!isUnreachable(err)) throw err;
    return { keys, webhooksMissing: (err as CliError).message };
  }
}

export function reportKeyListing(ctx: CliContext, options: JsonOption, listing: KeyListing): void {
  if (listing.webhooksMissing) {
    ctx.output.err(`swapctl: keys listed without their webhooks: ${listing.webhooksMissing}\n`);
  }
  ctx.output.out(options.json ? toJson(listing.keys) : formatKeyTable(listing.keys));
}

export function registerKeyWebhookCommand(keys: Command, ctx: CliContext): void {
  withJsonOption(
    keys
      .command('webhook <key> <url>')
      .description("set the key's webhook (D12) and print its signing secret once; `off` removes it"),
  ).action((key: string, target: string, options: JsonOption) => {
    if (target === 'off') {
      return respond(ctx, options, (bus) => removeWebhook(bus, key), formatWebhookRemoved);
    }
    const url = parseWebhookUrl(target);
    return respond(
      ctx,
      options,
      async (bus) => {
        const hook = await setWebhook(bus, key, url);
        return { key: hook.key, url: hook.url, secret: hook.secret };
      },
      formatWebhookSet,
    );
  });
}

/** The URL as one shell word, so the printed command can be pasted as it is. */
const shellWord = (text: string): string =>
  /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
