import { base58 } from '@scure/base';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { Wallet } from 'ethers';
import { accountPublicKey } from './account-keys';
import { bytesToNumberLE } from './bytes';
import { depositAddress } from './deposit-address';
import { mnemonicToSeed } from './mnemonic';
import { recoveryKey } from './recovery-key';
import { ABANDON_MNEMONIC } from './test-mnemonic';

const seed = mnemonicToSeed(ABANDON_MNEMONIC);

describe('recoveryKey: the key behind a deposit address, offline from the seed', () => {
  it.each(['BTC', 'LTC', 'ETH', 'AVAX', 'TRX', 'SOL', 'XMR'] as const)(
    '%s: the address it gives is the deposit address',
    (network) => {
      const key = recoveryKey(seed, network, 42);
      expect(key.address).toBe(depositAddress(network, accountPublicKey(seed, network), 42));
      expect(key.privateKey).toMatch(/^[0-9a-f]{64}$/);
    },
  );

  it('an EVM key imports into a standard wallet as the same address', () => {
    const key = recoveryKey(seed, 'ETH', 7);
    expect(new Wallet(`0x${key.privateKey}`).address).toBe(key.address);
    expect(key.derivation).toBe("BIP32 m/44'/60'/0'/0/7");
  });

  it('a SOL scalar times the base point is the address (what the scalar signer signs with)', () => {
    const key = recoveryKey(seed, 'SOL', 3);
    const point = ed25519.Point.BASE.multiply(bytesToNumberLE(hexToBytes(key.privateKey)));
    expect(base58.encode(point.toBytes())).toBe(key.address);
    expect(key.format).toBe('ed25519-scalar');
  });

  it('BTC and LTC also give WIF, compressed, for the chain asked', () => {
    const btc = recoveryKey(seed, 'BTC', 1);
    expect(btc.wif).toMatch(/^[KL]/);
    expect(recoveryKey(seed, 'LTC', 1).wif).toMatch(/^T/);
    expect(recoveryKey(seed, 'BTC', 1, 'regtest').wif).toMatch(/^c/);
    expect(secp256k1.getPublicKey(hexToBytes(btc.privateKey))).toHaveLength(33);
  });
});
