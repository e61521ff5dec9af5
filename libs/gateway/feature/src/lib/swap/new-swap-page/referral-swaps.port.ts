import type { CreateReferredSwap } from '../../referrals/create-referred-swap.use-case';

/**
 * D19: what the page needs of the gateway's creates on behalf of a referral code. The page holds
 * no key and no secret: it names the code (or none), and an unknown or revoked code, or none,
 * makes a swap that belongs to no key, still created, on no key's rights.
 */
export type ReferralSwaps = Pick<CreateReferredSwap, 'rightsOf' | 'execute'>;
