import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { say } from './say';

/** The devnet gateway's key for API secrets at rest, made on first start (readable by its owner only). */
export function ensureSecretsKey(file: string): string {
  if (!existsSync(file)) {
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    say(`generated the key that encrypts API secrets at ${file}`);
  }
  return readFileSync(file, 'utf8').trim();
}
