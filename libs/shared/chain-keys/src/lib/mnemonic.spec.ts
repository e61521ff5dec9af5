import * as bip39 from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { generateMnemonic, mnemonicToSeed } from './mnemonic';
import { ABANDON_MNEMONIC } from './test-mnemonic';

describe('mnemonic', () => {
  it('generates fresh, valid 24-word phrases', () => {
    const a = generateMnemonic();
    const b = generateMnemonic();
    expect(a.split(' ')).toHaveLength(24);
    expect(bip39.validateMnemonic(a, wordlist)).toBe(true);
    expect(a).not.toBe(b);
  });

  it('gives the BIP39 seed of the test phrase, tolerating stray whitespace', () => {
    const seed = Buffer.from(mnemonicToSeed(`  ${ABANDON_MNEMONIC.replace(/ /g, '  ')}\n`)).toString('hex');
    // BIP39 seed of the phrase with an empty passphrase (the BIP84 test vector's seed).
    expect(seed).toBe(
      '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
    );
  });

  it('refuses a bad checksum without echoing the phrase', () => {
    const bad = ABANDON_MNEMONIC.replace(/about$/, 'abandon');
    expect(() => mnemonicToSeed(bad)).toThrow(/not a valid English BIP39 phrase/);
    try {
      mnemonicToSeed(bad);
    } catch (err) {
      expect(String(err)).not.toContain('abandon');
    }
  });
});
