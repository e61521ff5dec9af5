import { Bus } from '@swap/bus';
import { apiKeyChanged, ApiKeyInfo, CreateKeyRequest, type KeyAgreement } from '@swap/contracts';
import { newApiKeyId, newApiSecret, SwapErrors, type Clock } from '@swap/domain';
import { ApiKeyRepository, apiSecretContext } from '@swap/gateway-data';
import { SecretBox } from '@swap/persistence';
import { ConfigError } from '@swap/service-kit';
import { isValidCidr } from '../auth/ip-whitelist';
import { toKeyInfo } from './api-key.cache';
import { checkAgreement } from './key-agreement';

/** Operator actions on API keys (swapctl keys …), reached over the bus. */
export class KeyUseCases {
  constructor(
    private readonly repository: ApiKeyRepository,
    private readonly secrets: SecretBox,
    private readonly bus: Bus,
    private readonly clock: Clock = Date.now,
  ) {}

  /** The secret is returned here once and never again (D2). */
  async create(request: CreateKeyRequest): Promise<{ key: string; secret: string }> {
    const bad = request.ipWhitelist.find((entry) => !isValidCidr(entry));
    if (bad !== undefined)
      throw SwapErrors.wrongType('ip', `an IP address or CIDR (got ${JSON.stringify(bad)})`);
    const agreement = checkAgreement(request);
    const key = newApiKeyId();
    const secret = newApiSecret();
    await this.repository.insert({
      key,
      label: request.label,
      secretEnc: this.secrets.seal(secret, apiSecretContext(key)),
      fixedRateEnabled: request.fixedRateEnabled,
      dryrunEnabled: request.dryrunEnabled,
      autoExecuteOnMismatch: request.autoExecuteOnMismatch,
      ipWhitelist: request.ipWhitelist,
      ...agreement,
      rateLimit: request.rateLimit,
      disabled: false,
      createdAt: new Date(this.clock()),
    });
    return { key, secret };
  }

  /**
   * Seals again under SECRETS_KEY, bound to their rows, the secrets sealed before rows were bound
   * (SecretBox v1), so a copy of one in another row stops opening, and those sealed under
   * `oldBox` (SECRETS_OLD_KEY, after a rotation of SECRETS_KEY). Run at start-up; returns how many
   * it sealed again. When not one stored secret opens, SECRETS_KEY is not the key they were sealed
   * with: that stops the gateway (one that does not open is logged by the requests it fails).
   */
  async bindStoredSecrets(oldBox?: SecretBox): Promise<number> {
    const rows = await this.repository.list();
    let bound = 0;
    let unreadable = 0;
    for (const row of rows) {
      const context = apiSecretContext(row.key);
      const current = openWith(this.secrets, row.secretEnc, context);
      const secret = current ?? (oldBox && openWith(oldBox, row.secretEnc, context));
      if (secret === undefined) {
        unreadable++;
        continue;
      }
      if (current !== undefined && SecretBox.isBound(row.secretEnc)) continue;
      if (await this.repository.replaceSecret(row.key, row.secretEnc, this.secrets.seal(secret, context)))
        bound++;
    }
    if (rows.length > 0 && unreadable === rows.length)
      throw new ConfigError([
        `SECRETS_KEY: opens none of the ${rows.length} stored API secrets; it is not the key they were sealed with` +
          (oldBox
            ? ', nor is SECRETS_OLD_KEY'
            : '; after a rotation, give the key before it as SECRETS_OLD_KEY once'),
      ]);
    return bound;
  }

  async list(): Promise<ApiKeyInfo[]> {
    return (await this.repository.list()).map(toKeyInfo);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.repository.find(key)) !== null;
  }

  /**
   * D19: the key's agreement becomes `agreement` (one kind above 0 at most, the other 0), replacing
   * whichever it had; `before` is that one. Swaps already created keep the terms they were made with.
   */
  async setAgreement(
    key: string,
    agreement: KeyAgreement,
  ): Promise<{ info: ApiKeyInfo; before: KeyAgreement } | null> {
    const checked = checkAgreement(agreement);
    const row = await this.repository.find(key);
    if (!row) return null;
    const updated = await this.repository.setAgreement(key, checked);
    if (!updated) return null;
    this.bus.signal(apiKeyChanged, { key });
    const { partnerPercent, feeShare } = toKeyInfo(row);
    return { info: toKeyInfo(updated), before: { partnerPercent, feeShare } };
  }

  /** Every gateway replica drops its cached copy at once, so a disabled key stops working everywhere. */
  async setDisabled(key: string, disabled: boolean): Promise<ApiKeyInfo | null> {
    const row = await this.repository.setDisabled(key, disabled);
    if (row) this.bus.signal(apiKeyChanged, { key });
    return row && toKeyInfo(row);
  }
}

function openWith(box: SecretBox, sealed: string, context: string): string | undefined {
  try {
    return box.open(sealed, context);
  } catch {
    return undefined;
  }
}
