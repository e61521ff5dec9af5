import type { KeyRights, SwapOrderView } from '@swap/domain';
import type { Body } from '../request-body';

/**
 * D19: the gateway's creates on behalf of a referral code. The page holds no key and no secret;
 * it names the code (or none) and the rest is the referral feature's: an unknown or revoked code,
 * or none, makes a swap that belongs to no key, and is still created.
 */
export interface ReferralSwaps {
  /** What the code's key may ask for (fixed rate, its share); no key's rights for no valid code. */
  rightsOf(ref: string | null): Promise<KeyRights>;
  /** Section 4.1's create as that key (or none) makes it; a bad field throws the API's SwapError. */
  create(ref: string | null, body: Body): Promise<SwapOrderView>;
}

/** The rights of a swap that belongs to no key: a floating rate, no partner's share, no dry run. */
export const NO_KEY_RIGHTS: KeyRights = {
  fixedRateEnabled: false,
  dryrunEnabled: false,
  partnerPercent: '0',
};
