import type { ApiKeyInfo } from '@swap/contracts';
import { fields, table, time, yesNo } from './output';

export function formatCreatedKey(created: { key: string; secret: string }): string {
  return (
    fields([
      ['key', created.key],
      ['secret', created.secret],
    ]) + 'The secret is shown only this once: store it now, it cannot be retrieved later.\n'
  );
}

export function formatKeyTable(keys: readonly ApiKeyInfo[]): string {
  if (keys.length === 0) return 'no API keys yet (create one with: swapctl keys create)\n';
  return table(
    ['KEY', 'LABEL', 'STATE', 'RATE/S', 'PARTNER %', 'FIXED', 'DRY-RUN', 'AUTO-EXEC', 'IPS', 'CREATED'],
    keys.map((k) => [
      k.key,
      k.label ?? '-',
      state(k),
      String(k.rateLimit),
      k.partnerPercent,
      yesNo(k.fixedRateEnabled),
      yesNo(k.dryrunEnabled),
      yesNo(k.autoExecuteOnMismatch),
      k.ipWhitelist.length ? k.ipWhitelist.join(',') : 'any',
      time(k.createdAt),
    ]),
  );
}

export function formatKeySettings(k: ApiKeyInfo): string {
  return fields([
    ['key', k.key],
    ['label', k.label ?? '-'],
    ['state', state(k)],
    ['rate limit', `${k.rateLimit} requests/s per endpoint`],
    ['partner percent', k.partnerPercent],
    ['fixed rate', yesNo(k.fixedRateEnabled)],
    ['dry run', yesNo(k.dryrunEnabled)],
    ['auto-execute on mismatch', yesNo(k.autoExecuteOnMismatch)],
    ['ip whitelist', k.ipWhitelist.length ? k.ipWhitelist.join(', ') : 'any address'],
    ['created', time(k.createdAt)],
  ]);
}

const state = (k: ApiKeyInfo): string => (k.disabled ? 'disabled' : 'active');
