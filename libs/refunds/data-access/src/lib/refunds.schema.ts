import { RefundsInit1764000000000 } from './migrations/1764000000000-refunds-init';
import { RefundsExpiring1764800000000 } from './migrations/1764800000000-refunds-expiring';
import { RefundsChainIdentities1766200000000 } from './migrations/1766200000000-refunds-chain-identities';

export const REFUNDS_SCHEMA = 'refunds';
export const REFUNDS_MIGRATIONS = [
  RefundsInit1764000000000,
  RefundsExpiring1764800000000,
  RefundsChainIdentities1766200000000,
];
