/** The BIP39/BIP44/BIP84 test phrase. Test-only. */
export const ABANDON_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
