import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { say } from './say';

/** A SecretBox key kept in `file`, made on first start (readable by its owner only). */
function ensureKeyFile(file: string, what: string): string {
  if (!existsSync(file)) {
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    say(`generated the key that encrypts ${what} at ${file}`);
  }
  return readFileSync(file, 'utf8').trim();
}

/** The devnet gateway's key for API secrets at rest (SECRETS_KEY). */
export function ensureSecretsKey(file: string): string {
  return ensureKeyFile(file, 'API secrets');
}

/** The devnet notifier's own key for webhook secrets at rest (WEBHOOK_SECRETS_KEY). */
export function ensureWebhookSecretsKey(file: string): string {
  return ensureKeyFile(file, 'webhook secrets');
}
