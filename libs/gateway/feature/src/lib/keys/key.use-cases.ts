import { Bus } from '@swap/bus';
import { apiKeyChanged, ApiKeyInfo, CreateKeyRequest } from '@swap/contracts';
import { newApiKeyId, newApiSecret, SwapErrors } from '@swap/domain';
import { ApiKeyRepository } from '@swap/gateway-data';
import { SecretBox } from '@swap/persistence';
import { isValidCidr } from '../auth/ip-whitelist';
import { toKeyInfo } from './api-key.cache';

/** Operator actions on API keys (swapctl keys …), reached over the bus. */
export class KeyUseCases {
  constructor(
    private readonly repository: ApiKeyRepository,
    private readonly secrets: SecretBox,
    private readonly bus: Bus,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The secret is returned here once and never again (D2). */
  async create(request: CreateKeyRequest): Promise<{ key: string; secret: string }> {
    const bad = request.ipWhitelist.find((entry) => !isValidCidr(entry));
    if (bad !== undefined)
      throw SwapErrors.wrongType('ip', `an IP address or CIDR (got ${JSON.stringify(bad)})`);
    if (Number(request.partnerPercent) >= 10) throw SwapErrors.wrongType('partnerPercent', 'below 10');
    const key = newApiKeyId();
    const secret = newApiSecret();
    await this.repository.insert({
      key,
      label: request.label,
      secretEnc: this.secrets.seal(secret),
      fixedRateEnabled: request.fixedRateEnabled,
      dryrunEnabled: request.dryrunEnabled,
      autoExecuteOnMismatch: request.autoExecuteOnMismatch,
      ipWhitelist: request.ipWhitelist,
      partnerPercent: request.partnerPercent,
      rateLimit: request.rateLimit,
      disabled: false,
      createdAt: new Date(this.clock()),
    });
    return { key, secret };
  }

  async list(): Promise<ApiKeyInfo[]> {
    return (await this.repository.list()).map(toKeyInfo);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.repository.find(key)) !== null;
  }

  /** Every gateway replica drops its cached copy at once, so a disabled key stops working everywhere. */
  async setDisabled(key: string, disabled: boolean): Promise<ApiKeyInfo | null> {
    const row = await this.repository.setDisabled(key, disabled);
    if (row) this.bus.signal(apiKeyChanged, { key });
    return row && toKeyInfo(row);
  }
}
