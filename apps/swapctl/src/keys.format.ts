import type { ApiKeyInfo, KeyAgreement } from '@swap/contracts';
import { fields, table, time, yesNo } from './output';

/** A key as `keys list` shows it: `webhook` is its URL or null, absent when the notifier did not say. */
export type ListedKey = ApiKeyInfo & { webhook?: string | null };

export interface CreatedKey {
  key: string;
  secret: string;
  /** Set when the key was created with --webhook-url and the notifier took it. */
  webhook?: { url: string; secret: string } | null;
}

export function formatCreatedKey(created: CreatedKey): string {
  const { webhook } = created;
  const rows: [string, string][] = [
    ['key', created.key],
    ['secret', created.secret],
  ];
  if (webhook) rows.push(['webhook', webhook.url], ['webhook secret', webhook.secret]);
  if (webhook === null) rows.push(['webhook', 'not set (see the error below)']);
  const once = webhook
    ? 'Both secrets are shown only this once: store them now, they cannot be retrieved later.\n'
    : 'The secret is shown only this once: store it now, it cannot be retrieved later.\n';
  return fields(rows) + once;
}

export function formatKeyTable(keys: readonly ListedKey[]): string {
  if (keys.length === 0) return 'no API keys yet (create one with: swapctl keys create)\n';
  const withWebhooks = keys.some((k) => k.webhook !== undefined);
  return table(
    [
      ...['KEY', 'LABEL', 'STATE', 'RATE/S', 'AGREEMENT', 'FIXED', 'DRY-RUN', 'AUTO-EXEC', 'IPS', 'CREATED'],
      ...(withWebhooks ? ['WEBHOOK'] : []),
    ],
    keys.map((k) => [
      k.key,
      k.label ?? '-',
      state(k),
      String(k.rateLimit),
      agreement(k, 'short'),
      yesNo(k.fixedRateEnabled),
      yesNo(k.dryrunEnabled),
      yesNo(k.autoExecuteOnMismatch),
      k.ipWhitelist.length ? k.ipWhitelist.join(',') : 'any',
      time(k.createdAt),
      ...(withWebhooks ? [k.webhook ?? '-'] : []),
    ]),
  );
}

export function formatKeySettings(k: ApiKeyInfo): string {
  return fields([
    ['key', k.key],
    ['label', k.label ?? '-'],
    ['state', state(k)],
    ['rate limit', `${k.rateLimit} requests/s per endpoint`],
    ['agreement', agreement(k, 'long')],
    ['fixed rate', yesNo(k.fixedRateEnabled)],
    ['dry run', yesNo(k.dryrunEnabled)],
    ['auto-execute on mismatch', yesNo(k.autoExecuteOnMismatch)],
    ['ip whitelist', k.ipWhitelist.length ? k.ipWhitelist.join(', ') : 'any address'],
    ['created', time(k.createdAt)],
  ]);
}

const state = (k: ApiKeyInfo): string => (k.disabled ? 'disabled' : 'active');

const isNone = (percent: string) => /^0(\.0*)?$/.test(percent);

/** D19's agreement in words: a volume share added to the fee, a fee share of it, or none. */
function agreement(k: KeyAgreement, style: 'short' | 'long'): string {
  if (!isNone(k.feeShare)) {
    return style === 'short' ? `fee share ${k.feeShare} %` : `fee share: ${k.feeShare} % of the service fee`;
  }
  if (!isNone(k.partnerPercent)) {
    return style === 'short'
      ? `volume ${k.partnerPercent} %`
      : `volume share: ${k.partnerPercent} % added to the service fee`;
  }
  return style === 'short' ? '-' : 'none';
}

/** What `keys set` did: the key's settings, and the agreement it replaced when there was one. */
export function formatAgreementSet({ info, before }: { info: ApiKeyInfo; before: KeyAgreement }): string {
  const replaced =
    agreement(before, 'long') === agreement(info, 'long') || agreement(before, 'long') === 'none'
      ? ''
      : `replaced the ${agreement(before, 'long')}\n`;
  return `${replaced}${formatKeySettings(info)}`;
}
