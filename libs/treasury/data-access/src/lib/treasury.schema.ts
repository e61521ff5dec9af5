import { TreasuryInit1764000000000 } from './migrations/1764000000000-treasury-init';

/** The treasury's schema and its migrations, in order. Plain SQL, so no entities. */
export const TREASURY_SCHEMA = 'treasury';
export const TREASURY_MIGRATIONS = [TreasuryInit1764000000000];
