import { NotifierInit1767000000000 } from './migrations/1767000000000-notifier-init';

export const NOTIFIER_SCHEMA = 'notifier';
export const NOTIFIER_MIGRATIONS = [NotifierInit1767000000000];
