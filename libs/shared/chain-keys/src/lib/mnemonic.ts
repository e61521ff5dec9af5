import * as bip39 from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';

/** A fresh 24-word BIP39 phrase (256 bits of entropy from the platform CSPRNG). */
export function generateMnemonic(): string {
  return bip39.generateMnemonic(wordlist, 256);
}

/**
 * The 64-byte BIP39 seed every treasury key is derived from. The error never repeats the
 * phrase: it would end up in logs.
 */
export function mnemonicToSeed(mnemonic: string, passphrase = ''): Uint8Array {
  const phrase = mnemonic.trim().split(/\s+/).join(' ');
  if (!bip39.validateMnemonic(phrase, wordlist)) {
    throw new Error('TREASURY_MNEMONIC is not a valid English BIP39 phrase (wrong word or checksum)');
  }
  return bip39.mnemonicToSeedSync(phrase, passphrase);
}
