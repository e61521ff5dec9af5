import { createSecretKey } from 'node:crypto';
import type { ApiKeyInfo } from '@swap/contracts';
import { ApiKeyRepository, ApiKeyRow, apiSecretContext } from '@swap/gateway-data';
import { SecretBox } from '@swap/persistence';
import { isApiKeyId, trimZeros, type Clock } from '@swap/domain';
import { IpWhitelist } from '../auth/ip-whitelist';
import { ActiveKey } from './active-key';

const TTL_MS = 60_000;
const MISSING_TTL_MS = 5_000;
/** Unknown ids remembered at most, so callers inventing ids cannot grow the cache without bound. */
const MAX_MISSING = 10_000;

export function toKeyInfo(row: ApiKeyRow): ApiKeyInfo {
  return {
    key: row.key,
    label: row.label,
    fixedRateEnabled: row.fixedRateEnabled,
    dryrunEnabled: row.dryrunEnabled,
    autoExecuteOnMismatch: row.autoExecuteOnMismatch,
    ipWhitelist: row.ipWhitelist,
    partnerPercent: trimZeros(row.partnerPercent),
    feeShare: trimZeros(row.feeShare),
    rateLimit: row.rateLimit,
    disabled: row.disabled,
    createdAt: Math.floor(row.createdAt.getTime() / 1000),
  };
}

/**
 * Keys are read on every request, so each replica caches them. A change made through swapctl is
 * announced on the bus and evicts the entry everywhere at once; the TTL bounds any missed signal.
 * An id that cannot be a key (D3 format) is unknown without a lookup; unknown ids are remembered
 * briefly, the oldest forgotten first past MAX_MISSING.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, { key: ActiveKey | null; expires: number }>();
  private readonly loading = new Map<string, Promise<ActiveKey | null>>();
  private missing = 0;

  constructor(
    private readonly repository: ApiKeyRepository,
    private readonly secrets: SecretBox,
    private readonly clock: Clock = Date.now,
  ) {}

  async get(key: string): Promise<ActiveKey | null> {
    if (!isApiKeyId(key)) return null;
    const cached = this.entries.get(key);
    if (cached && cached.expires > this.clock()) return cached.key;
    let load = this.loading.get(key);
    if (!load) {
      load = this.load(key).finally(() => this.loading.delete(key));
      this.loading.set(key, load);
    }
    return load;
  }

  evict(key: string): void {
    this.forget(key);
  }

  /** Entries held, known keys and remembered unknown ids together. */
  get size(): number {
    return this.entries.size;
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (entry && entry.key === null) this.missing--;
    this.entries.delete(key);
  }

  private remember(key: string, active: ActiveKey | null): void {
    this.forget(key);
    if (active === null) {
      if (this.missing >= MAX_MISSING) this.forgetOldestMissing();
      this.missing++;
    }
    this.entries.set(key, { key: active, expires: this.clock() + (active ? TTL_MS : MISSING_TTL_MS) });
  }

  /** Map order is insertion order: the first unknown id found is the oldest remembered. */
  private forgetOldestMissing(): void {
    for (const [key, entry] of this.entries) {
      if (entry.key === null) {
        this.forget(key);
        return;
      }
    }
  }

  private async load(key: string): Promise<ActiveKey | null> {
    const row = await this.repository.find(key);
    const active = row && {
      info: toKeyInfo(row),
      secret: createSecretKey(this.secrets.open(row.secretEnc, apiSecretContext(row.key)), 'utf8'),
      whitelist: new IpWhitelist(row.ipWhitelist),
    };
    this.remember(key, active);
    return active;
  }
}
