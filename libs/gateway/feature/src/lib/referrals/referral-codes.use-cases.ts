import type { IssuedReferral, ReferralCodeView } from '@swap/contracts';
import { newReferralCode, type Clock } from '@swap/domain';
import type { ApiKeyRepository, ReferralCodeRepository, ReferralCodeRow } from '@swap/gateway-data';

/** A code is drawn again when it is taken; ≈ 71 random bits make even one retry a rarity. */
const DRAWS = 3;

/** D19's link: the service's own page, with the code. */
export const referralUrl = (publicUrl: string, code: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/swap/new?ref=${code}`;

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** Operator actions on a key's referral codes (swapctl keys referral …), reached over the bus. */
export class ReferralCodes {
  constructor(
    private readonly codes: ReferralCodeRepository,
    private readonly keys: Pick<ApiKeyRepository, 'find'>,
    private readonly publicUrl: string,
    private readonly clock: Clock = Date.now,
  ) {}

  /** A new code of the key and its link; null when there is no such key. */
  async issue(apiKey: string): Promise<IssuedReferral | null> {
    if (!(await this.keys.find(apiKey))) return null;
    for (let draw = 1; ; draw++) {
      const code = newReferralCode();
      if (await this.codes.insert(code, apiKey, new Date(this.clock()))) {
        return { key: apiKey, code, url: referralUrl(this.publicUrl, code) };
      }
      if (draw === DRAWS) throw new Error(`no free referral code after ${DRAWS} draws`);
    }
  }

  /** The key's codes, oldest first, revoked ones included; null when there is no such key. */
  async list(apiKey: string): Promise<ReferralCodeView[] | null> {
    if (!(await this.keys.find(apiKey))) return null;
    return (await this.codes.ofKey(apiKey)).map((row) => this.view(row));
  }

  /** From now on the code creates swaps of no key; null when the key holds no such code. */
  async revoke(apiKey: string, code: string): Promise<ReferralCodeView | null> {
    const row = await this.codes.revoke(apiKey, code, new Date(this.clock()));
    return row && this.view(row);
  }

  private view(row: ReferralCodeRow): ReferralCodeView {
    return {
      key: row.apiKey,
      code: row.code,
      url: referralUrl(this.publicUrl, row.code),
      createdAt: seconds(row.createdAt),
      revokedAt: row.revokedAt && seconds(row.revokedAt),
    };
  }
}
