import type { ApiKeyInfo } from '@swap/contracts';
import { isReferralCode, type AddressChains, type KeyRights, type SwapOrderView } from '@swap/domain';
import type { ReferralCodeRepository } from '@swap/gateway-data';
import type { ApiKeyCache } from '../keys/api-key.cache';
import type { CreateSwap } from '../swap/create-swap.use-case';
import type { Body } from '../swap/request-body';
import { parseCreateRequest } from '../swap/swap-request.parser';

/**
 * Whom a swap made on the public page without a valid code belongs to: no key (an id no key can
 * have), with no rights beyond a plain float or `to` order and no partner agreement.
 */
export const NO_KEY: ApiKeyInfo = {
  key: '',
  label: null,
  fixedRateEnabled: false,
  dryrunEnabled: false,
  autoExecuteOnMismatch: false,
  ipWhitelist: [],
  partnerPercent: '0',
  feeShare: '0',
  rateLimit: 1,
  disabled: false,
  createdAt: 0,
};

/** The public page's create (D19): the API's create body, the page's `ref`, and its request id. */
export interface ReferredCreate {
  /** The page's `ref` as given: anything, or nothing. */
  ref: string | undefined;
  body: Body;
  /** Unique per page submission: the engine makes one swap per request id. */
  requestId: string;
}

/**
 * D19: a swap created on the service's page on behalf of the referral code's key, exactly as that
 * key's signed create would make it (its volume or fee share, fixed rate only if the key allows
 * it), marked with the code. A code unknown, revoked, malformed or of a disabled key still creates
 * the swap, of no key and unmarked: the page never fails for it. No secret is involved.
 */
export class CreateReferredSwap {
  constructor(
    private readonly deps: {
      codes: Pick<ReferralCodeRepository, 'find'>;
      keys: Pick<ApiKeyCache, 'get'>;
      createSwap: CreateSwap;
      chains: AddressChains;
    },
  ) {}

  async execute({ ref, body, requestId }: ReferredCreate): Promise<SwapOrderView> {
    const referrer = await this.referrer(ref);
    const key = referrer?.key ?? NO_KEY;
    const request = parseCreateRequest(body, key, this.deps.chains);
    const answer = await this.deps.createSwap.execute({
      key,
      request,
      requestId,
      idempotencyKey: undefined,
      ref: referrer?.code,
    });
    return answer.swap;
  }

  /** What the page may offer for `ref` (fixed rate, the quote's share): its key's rights, or no key's. */
  async rightsOf(ref: string | undefined): Promise<KeyRights> {
    return (await this.referrer(ref))?.key ?? NO_KEY;
  }

  /** The code's key while the code is live and the key enabled; null otherwise. */
  private async referrer(ref: string | undefined): Promise<{ key: ApiKeyInfo; code: string } | null> {
    if (!isReferralCode(ref)) return null;
    const code = await this.deps.codes.find(ref);
    if (!code || code.revokedAt !== null) return null;
    const active = await this.deps.keys.get(code.apiKey);
    if (!active || active.info.disabled) return null;
    return { key: active.info, code: code.code };
  }
}
