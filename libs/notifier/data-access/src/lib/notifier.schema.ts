import { NotifierInit1767000000000 } from './migrations/1767000000000-notifier-init';
import { WebhookSecretRotation1767200000000 } from './migrations/1767200000000-webhook-secret-rotation';

export const NOTIFIER_SCHEMA = 'notifier';
export const NOTIFIER_MIGRATIONS = [NotifierInit1767000000000, WebhookSecretRotation1767200000000];
