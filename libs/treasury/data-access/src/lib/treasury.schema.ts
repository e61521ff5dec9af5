import { TreasuryInit1764000000000 } from './migrations/1764000000000-treasury-init';
import { TreasuryFeePaid1764300000000 } from './migrations/1764300000000-treasury-fee-paid';
import { TreasuryWorkingSet1764700000000 } from './migrations/1764700000000-treasury-working-set';
import { TreasuryExpiring1764800000000 } from './migrations/1764800000000-treasury-expiring';
import { TreasuryReplacements1766100000000 } from './migrations/1766100000000-treasury-replacements';
import { TreasuryChainIdentities1766200000000 } from './migrations/1766200000000-treasury-chain-identities';
import { TreasuryPartnerFees1767200000000 } from './migrations/1767200000000-treasury-partner-fees';
import { TreasuryPayoutPolicy1767300000000 } from './migrations/1767300000000-treasury-payout-policy';

/** The treasury's schema and its migrations, in order. Plain SQL, so no entities. */
export const TREASURY_SCHEMA = 'treasury';
export const TREASURY_MIGRATIONS = [
  TreasuryInit1764000000000,
  TreasuryFeePaid1764300000000,
  TreasuryWorkingSet1764700000000,
  TreasuryExpiring1764800000000,
  TreasuryReplacements1766100000000,
  TreasuryChainIdentities1766200000000,
  TreasuryPartnerFees1767200000000,
  TreasuryPayoutPolicy1767300000000,
];
