import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { existsSync, writeFileSync } from 'node:fs';
import { say } from './say';

/**
 * The devnet treasury's BIP39 phrase (D11), made on first start and kept for later runs, since
 * every deposit address and hot wallet derives from it. Readable by its owner only.
 */
export function ensureTreasuryMnemonic(file: string): string {
  if (!existsSync(file)) {
    writeFileSync(file, `${generateMnemonic(wordlist, 256)}\n`, { mode: 0o600, flag: 'wx' });
    say(`generated a new treasury mnemonic at ${file} (keep it: it holds the devnet wallets' keys)`);
  }
  return file;
}
