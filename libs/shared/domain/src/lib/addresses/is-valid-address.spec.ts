import { encodeBase58 } from 'ethers';
import fc from 'fast-check';
import { CURRENCIES, CURRENCY_CODES, CurrencyCode } from '../currencies';
import { BASE58_ALPHABET } from './base58';
import { address as bitcoinAddress, payments } from 'bitcoinjs-lib';
import { addressChainsFrom, isValidAddress } from './is-valid-address';

// Published mainnet addresses: BIP 173/350 vectors, EIP-55 vectors, Monero's own tests and docs.
const VALID: Array<[CurrencyCode, string, string]> = [
  ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'P2WPKH'],
  ['BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'P2WPKH, upper case'],
  ['BTC', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', 'P2WSH'],
  ['BTC', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', 'P2TR'],
  ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'P2TR'],
  [
    'BTC',
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    'v1, 40-byte program',
  ],
  ['BTC', 'BC1SW50QGDZ25J', 'v16, 2-byte program'],
  ['BTC', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'v2, 16-byte program'],
  ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'P2PKH'],
  ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'P2PKH (genesis)'],
  ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'P2SH'],
  ['LTC', 'ltc1qxtm55gultqzhqzl2p3ks50hg2478y3hehuj6dz', 'P2WPKH'],
  ['LTC', 'Lg3PX8wRWmApFCoCMAsPF5P9dPHYQHEWKW', 'P2PKH'],
  ['LTC', 'LTuoeY6RBHV3n3cfhXVVTbJbxzxnXs9ofm', 'P2PKH'],
  ['LTC', 'MGEW4aba3tnrVtVhGcmoqqHaLt5ymPSLPi', 'P2SH'],
  ['LTC', '3QfXkWcNsUH5rRJNurn5whbKJpniVmxmV5', 'legacy P2SH'],
  [
    'XMR',
    '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A',
    'standard',
  ],
  [
    'XMR',
    '42ey1afDFnn4886T7196doS9GPMzexD9gXpsZJDwVjeRVdFCSoHnv7KPbBeGpzJBzHRCAs9UxqeoyFQMYbqSWYTfJJQAWDm',
    'standard',
  ],
  [
    'XMR',
    '4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3skxNgYeYTRj5UzqtReoS44qo9mtmXCqY45DJ852K5Jv2684Rge',
    'standard',
  ],
  [
    'XMR',
    '8AsN91rznfkBGTY8psSNkJBg9SZgxxGGRUhGwRptBhgr5XSQ1XzmA9m8QAnoxydecSh5aLJXdrgXwTDMMZ1AuXsN1EX5Mtm',
    'subaddress',
  ],
  [
    'XMR',
    '4BxSHvcgTwu25WooY4BVmgdcKwZu5EksVZSZkDd6ooxSVVqQ4ubxXkhLF6hEqtw96i9cf3cVfLw8UWe95bdDKfRQeYtPwLm1Jiw7AKt2LY',
    'integrated',
  ],
  [
    'XMR',
    '4LL9oSLmtpccfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3skxNgYeYTRj5UzqtReoS44qo9mtmXCqY45DJ852K5Jv2bYXZKKQePHES9khPK',
    'integrated',
  ],
  ['TRX', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'account'],
  ['TRX', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'USDT contract'],
  ['USDTTRC', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'account'],
  ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'EIP-55'],
  ['ETH', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', 'EIP-55'],
  ['ETH', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', 'EIP-55'],
  ['ETH', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb', 'EIP-55'],
  ['ETH', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'all lower case'],
  ['ETH', '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED', 'all upper case'],
  ['AVAX', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'EIP-55'],
  ['USDTERC', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 'USDT contract'],
  ['SOL', 'So11111111111111111111111111111111111111112', 'wrapped SOL mint'],
  ['SOL', '11111111111111111111111111111111', 'system program (32 zero bytes)'],
  ['SOL', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'token program'],
  ['SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'USDC mint'],
];

const INVALID: Array<[CurrencyCode, string, string]> = [
  ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr', 'one character changed'],
  ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdQ', 'mixed case'],
  ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'v1 with bech32 checksum'],
  ['BTC', 'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'v16 with bech32 checksum'],
  ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'v0 with bech32m checksum'],
  ['BTC', 'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', "invalid character 'o'"],
  ['BTC', 'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'witness version 17'],
  ['BTC', 'bc1pw5dgrnzv', '1-byte program'],
  ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', '41-byte program'],
  ['BTC', 'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'v0 with a 16-byte program'],
  ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'over-long zero padding'],
  ['BTC', 'bc1gmk9yu', 'empty data part'],
  ['BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'testnet bech32'],
  ['BTC', 'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', 'testnet'],
  ['BTC', 'bcrt1qs758ursh4q9z627kt3pp5yysm78ddny6txaqgw', 'regtest'],
  ['BTC', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet P2PKH'],
  ['BTC', '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', 'testnet P2SH'],
  ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'wrong checksum'],
  ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0', "base58 has no '0'"],
  ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf', 'truncated'],
  ['BTC', ' 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'leading space'],
  ['BTC', 'Lg3PX8wRWmApFCoCMAsPF5P9dPHYQHEWKW', 'Litecoin address'],
  ['BTC', 'ltc1qxtm55gultqzhqzl2p3ks50hg2478y3hehuj6dz', 'Litecoin segwit address'],
  ['BTC', '', 'empty'],
  ['LTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'Bitcoin segwit address'],
  ['LTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'Bitcoin P2PKH'],
  ['LTC', 'Lg3PX8wRWmApFCoCMAsPF5P9dPHYQHEWKX', 'wrong checksum'],
  ['LTC', 'ltc1qxtm55gultqzhqzl2p3ks50hg2478y3hehuj6da', 'one character changed'],
  ['LTC', 'tltc1qxtm55gultqzhqzl2p3ks50hg2478y3hehuj6dz', 'testnet hrp'],
  ['LTC', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet P2PKH'],
  [
    'XMR',
    '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3B',
    'one character changed',
  ],
  [
    'XMR',
    '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3',
    'truncated',
  ],
  [
    'XMR',
    '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3AA',
    'one character too many',
  ],
  [
    'XMR',
    '53teqCAESLxeJ1REzGMAat1ZeHvuajvDiXqboEocPaDRRmqWoVPzy46GLo866qRFjbNhfkNckyhST3WEvBviDwpUDd7DSzB',
    'stagenet',
  ],
  [
    'XMR',
    '8AsN91rznfkBGTY8psSNkJBg9SZgxxGGRUhGwRptBhgr5XSQ1XzmA9m8QAnoxydecSh5aLJXdrgXwTDMMZ1AuXsN1EX5Mt0',
    "base58 has no '0'",
  ],
  [
    'XMR',
    'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
    'block overflow',
  ],
  ['XMR', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'Bitcoin address'],
  ['TRX', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8', 'one character changed'],
  ['TRX', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU', 'truncated'],
  ['TRX', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'Bitcoin version byte'],
  ['TRX', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'Ethereum address'],
  ['USDTTRC', 'tLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'lower-case first letter'],
  ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'bad EIP-55 case'],
  ['ETH', '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'bad EIP-55 case'],
  ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', '39 hex digits'],
  ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed0', '41 hex digits'],
  ['ETH', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'no 0x'],
  ['ETH', '0X5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED', 'upper-case 0X'],
  ['ETH', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg', 'not hex'],
  ['ETH', 'XE7338O073KYGTWWZN0F2WZ0R8PX5ZPPZS', 'ICAP form'],
  ['AVAX', 'X-avax1tzdcgj4ehsvhhgpl7zylwpw0gl2rxcg4r5afk5', 'X-Chain address'],
  ['USDTERC', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'Tron address'],
  ['SOL', 'So1111111111111111111111111111111111111111', '31 bytes'],
  ['SOL', 'So11111111111111111111111111111111111111112O', "base58 has no 'O'"],
  ['SOL', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'Ethereum address'],
];

const NET = {
  messagePrefix: '',
  bech32: 'tb',
  bip32: { public: 0, private: 0 },
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  wif: 0xef,
};

describe('isValidAddress', () => {
  it.each(VALID)('%s accepts %s (%s)', (code, address) => {
    expect(isValidAddress(code, address)).toBe(true);
  });

  it.each(INVALID)('%s rejects %j (%s)', (code, address) => {
    expect(isValidAddress(code, address)).toBe(false);
  });

  it('accepts an address only for currencies of the same address format', () => {
    const network = (code: CurrencyCode) => CURRENCIES[code].network;
    const evm = (code: CurrencyCode) => ['ETH', 'AVAX'].includes(network(code));
    const bitcoinLike = (code: CurrencyCode) => ['BTC', 'LTC'].includes(network(code));
    for (const [code, address] of VALID) {
      const accepted = CURRENCY_CODES.filter((other) => isValidAddress(other, address));
      // ETH and AVAX share the EVM format; a legacy P2SH "3…" address is valid on BTC and LTC alike.
      const expected = CURRENCY_CODES.filter(
        (other) =>
          network(other) === network(code) ||
          (evm(other) && evm(code)) ||
          (address.startsWith('3') && bitcoinLike(other) && bitcoinLike(code)),
      );
      expect({ address, accepted }).toEqual({ address, accepted: expected });
    }
  });

  it("takes a network's testnet or regtest formats only when it runs there", () => {
    const program = new Uint8Array(20).fill(7);
    const regtestLtc = bitcoinAddress.toBech32(program, 0, 'rltc');
    const regtestBtc = bitcoinAddress.toBech32(program, 0, 'bcrt');
    const testnetLegacy = payments.p2pkh({ hash: program, network: { ...NET, pubKeyHash: 0x6f } }).address!;
    expect(isValidAddress('LTC', regtestLtc)).toBe(false);
    expect(isValidAddress('LTC', regtestLtc, { LTC: 'regtest' })).toBe(true);
    expect(isValidAddress('LTC', bitcoinAddress.toBech32(program, 0, 'ltc'), { LTC: 'regtest' })).toBe(false);
    expect(isValidAddress('BTC', regtestBtc, { LTC: 'regtest' })).toBe(false);
    expect(isValidAddress('BTC', regtestBtc, { BTC: 'regtest' })).toBe(true);
    expect(isValidAddress('BTC', testnetLegacy, { BTC: 'testnet' })).toBe(true);
    expect(isValidAddress('BTC', testnetLegacy)).toBe(false);
  });

  it('reads the chains from <NETWORK>_NETWORK and refuses an unknown one', () => {
    expect(addressChainsFrom({ LTC_NETWORK: 'regtest', BTC_NETWORK: 'mainnet', XMR_NETWORK: '' })).toEqual({
      LTC: 'regtest',
    });
    expect(() => addressChainsFrom({ ETH_NETWORK: 'goerli' })).toThrow('ETH_NETWORK must be');
  });

  it('rejects SOL keys of 31 and 33 bytes', () => {
    const key = (length: number) => encodeBase58(Uint8Array.from({ length }, (_, i) => i + 1));
    expect(isValidAddress('SOL', key(32))).toBe(true);
    expect(isValidAddress('SOL', key(31))).toBe(false);
    expect(isValidAddress('SOL', key(33))).toBe(false);
  });

  // A checksum catches any single substituted character (bech32 always, 32-bit checksums but for 2^-32).
  const checksummed = VALID.filter(([code]) => !['SOL', 'ETH', 'AVAX', 'USDTERC'].includes(code));
  it('rejects every single-character substitution of a checksummed address', () => {
    const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
    fc.assert(
      fc.property(fc.constantFrom(...checksummed), fc.nat(), fc.nat(), ([code, address], position, pick) => {
        const bech = /^(bc|ltc)1/i.test(address);
        const separator = bech ? address.lastIndexOf('1') + 1 : 0;
        const index = separator + (position % (address.length - separator));
        const upper = address === address.toUpperCase();
        const alphabet = bech ? (upper ? BECH32.toUpperCase() : BECH32) : BASE58_ALPHABET;
        const candidates = [...alphabet].filter((c) => c !== address[index]);
        const changed =
          address.slice(0, index) + candidates[pick % candidates.length] + address.slice(index + 1);
        expect(isValidAddress(code, changed)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
