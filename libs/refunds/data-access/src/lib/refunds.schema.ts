import { RefundsInit1764000000000 } from './migrations/1764000000000-refunds-init';

export const REFUNDS_SCHEMA = 'refunds';
export const REFUNDS_MIGRATIONS = [RefundsInit1764000000000];
