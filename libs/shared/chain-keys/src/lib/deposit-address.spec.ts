import { payments } from 'bitcoinjs-lib';
import { encodeBase58, getBytes, HDNodeWallet, sha256 } from 'ethers';
import { isValidAddress, NETWORKS } from '@swap/domain';
import { accountPublicKeys } from './account-keys';
import { depositAddress } from './deposit-address';
import { mnemonicToSeed } from './mnemonic';
import { ABANDON_MNEMONIC } from './test-mnemonic';

const keys = accountPublicKeys(mnemonicToSeed(ABANDON_MNEMONIC));

describe('depositAddress from account public keys', () => {
  it.each([
    // BIP84 test vectors (m/84'/0'/0'/0/0 and /0/1).
    ['BTC', 0, 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'],
    ['BTC', 1, 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g'],
    // BIP44 m/44'/60'/0'/0/0, the address every wallet shows for this phrase.
    ['ETH', 0, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94'],
    // m/44'/195'/0'/0/0.
    ['TRX', 0, 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH'],
    // m/84'/2'/0'/0/0.
    ['LTC', 0, 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh'],
  ] as const)('%s index %i is %s', (network, index, expected) => {
    expect(depositAddress(network, keys[network], index)).toBe(expected);
  });

  it('TRX matches an independent derivation: base58check(0x41 || keccak address)', () => {
    for (const index of [0, 1, 7]) {
      const wallet = HDNodeWallet.fromPhrase(ABANDON_MNEMONIC, undefined, `m/44'/195'/0'/0/${index}`);
      const payload = getBytes(`0x41${wallet.address.slice(2)}`);
      const checksum = getBytes(sha256(sha256(payload))).subarray(0, 4);
      expect(depositAddress('TRX', keys.TRX, index)).toBe(encodeBase58(Buffer.concat([payload, checksum])));
    }
  });

  it('ETH and AVAX match ethers on their own accounts; AVAX never reuses an ETH address', () => {
    for (const index of [1, 2, 1000]) {
      const eth = HDNodeWallet.fromPhrase(ABANDON_MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`).address;
      const avax = HDNodeWallet.fromPhrase(ABANDON_MNEMONIC, undefined, `m/44'/60'/1'/0/${index}`).address;
      expect(depositAddress('ETH', keys.ETH, index)).toBe(eth);
      expect(depositAddress('AVAX', keys.AVAX, index)).toBe(avax);
      expect(avax).not.toBe(eth);
    }
  });

  it('LTC and BTC match bitcoinjs-lib P2WPKH on every chain', () => {
    const hrps = { BTC: ['bc', 'tb', 'bcrt'], LTC: ['ltc', 'tltc', 'rltc'] } as const;
    for (const network of ['BTC', 'LTC'] as const) {
      (['mainnet', 'testnet', 'regtest'] as const).forEach((chain, i) => {
        const hrp = hrps[network][i];
        const pubkey = HDNodeWallet.fromPhrase(
          ABANDON_MNEMONIC,
          undefined,
          network === 'BTC' ? "m/84'/0'/0'/0/3" : "m/84'/2'/0'/0/3",
        ).publicKey;
        const net = {
          bech32: hrp,
          messagePrefix: '',
          bip32: { public: 0, private: 0 },
          pubKeyHash: 0,
          scriptHash: 0,
          wif: 0,
        };
        const expected = payments.p2wpkh({ pubkey: getBytes(pubkey), network: net }).address;
        const address = depositAddress(network, keys[network], 3, { chain });
        expect(address).toBe(expected);
        expect(address.startsWith(`${hrp}1q`)).toBe(true);
      });
    }
  });

  it.each(NETWORKS)('%s: fresh per index and valid under the API address rules (D8)', (network) => {
    const addresses = [1, 2, 3].map((i) => depositAddress(network, keys[network], i));
    expect(new Set(addresses).size).toBe(3);
    for (const address of addresses) expect(isValidAddress(network, address)).toBe(true);
  });

  it('keeps the D8 shapes: bc1q, ltc1q, 0x, T, XMR subaddress 8…, SOL 32 bytes', () => {
    expect(depositAddress('BTC', keys.BTC, 5)).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(depositAddress('LTC', keys.LTC, 5)).toMatch(/^ltc1q[02-9ac-hj-np-z]{38}$/);
    expect(depositAddress('ETH', keys.ETH, 5)).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(depositAddress('TRX', keys.TRX, 5)).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(depositAddress('XMR', keys.XMR, 5)).toMatch(/^8[1-9A-HJ-NP-Za-km-z]{94}$/);
    expect(depositAddress('XMR', keys.XMR, 0)).toMatch(/^4[1-9A-HJ-NP-Za-km-z]{94}$/);
    expect(depositAddress('SOL', keys.SOL, 5)).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });

  it('refuses indices outside [0, 2^31)', () => {
    for (const bad of [-1, 1.5, 2 ** 31, Number.NaN]) {
      expect(() => depositAddress('BTC', keys.BTC, bad)).toThrow(RangeError);
      expect(() => depositAddress('SOL', keys.SOL, bad)).toThrow(RangeError);
    }
  });

  it('refuses malformed account strings', () => {
    expect(() => depositAddress('BTC', 'xpub-not-base58', 1)).toThrow();
    expect(() => depositAddress('SOL', keys.XMR, 1)).toThrow(/solpub/);
    expect(() => depositAddress('XMR', keys.SOL, 1)).toThrow(/xmrview/);
    // y = 2 is not on the curve.
    expect(() => depositAddress('SOL', `solpub:02${'00'.repeat(31)}${'11'.repeat(32)}`, 1)).toThrow(
      /ed25519/,
    );
  });
});
