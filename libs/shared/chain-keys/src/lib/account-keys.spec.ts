import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { sha256 } from '@noble/hashes/sha2.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { NETWORKS } from '@swap/domain';
import { evmAddress, p2wpkhAddress, tronAddress } from './bip32-addresses';
import { accountPublicKey, accountPublicKeys, childPrivateKey } from './account-keys';
import { depositAddress } from './deposit-address';
import { extendedKeyForChain } from './extended-key';
import { generateMnemonic, mnemonicToSeed } from './mnemonic';
import { moneroAccount, moneroAddress, parseMoneroAccountPublic } from './monero-keys';
import { baseMultiply } from './ed25519-math';
import { solanaAccount, solanaChildScalar } from './solana-keys';
import { base58 } from '@scure/base';
import { ABANDON_MNEMONIC } from './test-mnemonic';

const base58check = createBase58check(sha256);
const seed = mnemonicToSeed(ABANDON_MNEMONIC);

describe('account public keys (<NETWORK>_XPUB)', () => {
  it('BTC is the BIP84 account key, serialized with the xpub version instead of zpub', () => {
    // BIP84 test vector: account 0 of the abandon phrase.
    const zpub =
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    const xpub = accountPublicKey(seed, 'BTC');
    expect(xpub.startsWith('xpub')).toBe(true);
    expect(base58check.decode(xpub).slice(4)).toEqual(base58check.decode(zpub).slice(4));
  });

  it('has one string per network in the documented formats', () => {
    const keys = accountPublicKeys(seed);
    expect(Object.keys(keys).sort()).toEqual([...NETWORKS].sort());
    for (const network of ['BTC', 'LTC', 'ETH', 'AVAX', 'TRX'] as const)
      expect(keys[network]).toMatch(/^xpub[1-9A-HJ-NP-Za-km-z]{107}$/);
    expect(keys.SOL).toMatch(/^solpub:[0-9a-f]{128}$/);
    expect(keys.XMR).toMatch(/^xmrview:[0-9a-f]{128}$/);
    expect(new Set(Object.values(keys)).size).toBe(NETWORKS.length);
  });

  it('carries no private material except the Monero view key', () => {
    const keys = accountPublicKeys(seed);
    const xmr = moneroAccount(seed);
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
    expect(keys.XMR).toBe(`xmrview:${hex(xmr.publicSpendKey)}${hex(xmr.viewSecret)}`);
    expect(Object.values(keys).join()).not.toContain(hex(xmr.spendSecret));
    expect(keys.SOL).not.toContain(solanaAccount(seed).scalar.toString(16));
    for (const network of ['BTC', 'LTC', 'ETH', 'AVAX', 'TRX'] as const)
      expect(HDKey.fromExtendedKey(keys[network]).privateKey).toBeNull();
  });

  it('re-encodes an xpub as the tpub a testnet or regtest node expects', () => {
    const xpub = accountPublicKey(seed, 'LTC');
    const tpub = extendedKeyForChain(xpub, 'regtest');
    expect(tpub.startsWith('tpub')).toBe(true);
    const testnet = { private: 0x04358394, public: 0x043587cf };
    expect(HDKey.fromExtendedKey(tpub, testnet).publicKey).toEqual(HDKey.fromExtendedKey(xpub).publicKey);
    expect(extendedKeyForChain(tpub, 'mainnet')).toBe(xpub);
  });
});

describe('a watcher with only the account string derives what the treasury controls', () => {
  // A fresh phrase as well as the test vector, so nothing depends on one lucky seed.
  const seeds = [seed, mnemonicToSeed(generateMnemonic())];

  it.each([0, 1])('BIP32 networks (seed %i): child private key ↔ deposit address', (s) => {
    const keys = accountPublicKeys(seeds[s]);
    for (const index of [0, 1, 99]) {
      const pub = (network: 'BTC' | 'LTC' | 'ETH' | 'AVAX' | 'TRX') =>
        secp256k1.getPublicKey(childPrivateKey(seeds[s], network, index), true);
      expect(depositAddress('BTC', keys.BTC, index)).toBe(p2wpkhAddress(pub('BTC'), 'bc'));
      expect(depositAddress('LTC', keys.LTC, index)).toBe(p2wpkhAddress(pub('LTC'), 'ltc'));
      expect(depositAddress('ETH', keys.ETH, index)).toBe(evmAddress(pub('ETH')));
      expect(depositAddress('AVAX', keys.AVAX, index)).toBe(evmAddress(pub('AVAX')));
      expect(depositAddress('TRX', keys.TRX, index)).toBe(tronAddress(pub('TRX')));
    }
  });

  it.each([0, 1])('SOL (seed %i): address = base58((a + t_i)·G)', (s) => {
    const keys = accountPublicKeys(seeds[s]);
    const account = solanaAccount(seeds[s]);
    for (const index of [0, 1, 99, 2 ** 31 - 1]) {
      const fromScalar = base58.encode(baseMultiply(solanaChildScalar(account, index)).toBytes());
      expect(depositAddress('SOL', keys.SOL, index)).toBe(fromScalar);
    }
  });

  it.each([0, 1])('XMR (seed %i): the view-key string gives the primary address of the spend key', (s) => {
    const keys = accountPublicKeys(seeds[s]);
    const account = moneroAccount(seeds[s]);
    expect(parseMoneroAccountPublic(keys.XMR).publicViewKey).toEqual(account.publicViewKey);
    expect(depositAddress('XMR', keys.XMR, 0)).toBe(moneroAddress(parseMoneroAccountPublic(keys.XMR), 0));
  });
});
