import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import moneroTs from 'monero-ts';
import { NETWORKS } from '@swap/domain';
import { accountPublicKey } from './account-keys';
import { addressKey } from './address-key';
import { baseMultiply } from './ed25519-math';
import { depositAddress } from './deposit-address';
import { keyControlsAddress } from './key-owner';
import { mnemonicToSeed } from './mnemonic';
import { moneroAccount, moneroAddressSpendKey, moneroSpendScalar } from './monero-keys';
import { ABANDON_MNEMONIC } from './test-mnemonic';

const seed = mnemonicToSeed(ABANDON_MNEMONIC);
const message = utf8ToBytes('pay 1 to someone');
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('addressKey', () => {
  it.each(NETWORKS.flatMap((network) => [0, 1, 7].map((index) => [network, index] as const)))(
    '%s index %i controls depositAddress(network, xpub, index)',
    (network, index) => {
      const key = addressKey(seed, network, index);
      expect(key.address).toBe(depositAddress(network, accountPublicKey(seed, network), index));
      expect(key).toMatchObject({ network, index });
      expect(keyControlsAddress(network, key.address, key.publicKey)).toBe(true);
    },
  );

  it.each(['BTC', 'LTC', 'ETH', 'AVAX', 'TRX'] as const)(
    '%s signs r‖s‖recovery over sha256(message)',
    (network) => {
      const key = addressKey(seed, network, 3);
      const signature = key.sign(message);
      expect(key.scheme).toBe('secp256k1');
      expect(signature).toHaveLength(65);
      expect(
        secp256k1.verify(signature.subarray(0, 64), sha256(message), key.publicKey, { prehash: false }),
      ).toBe(true);
      const recovered = secp256k1.Signature.fromBytes(signature.subarray(0, 64))
        .addRecoveryBit(signature[64])
        .recoverPublicKey(sha256(message));
      expect(recovered.toBytes(true)).toEqual(key.publicKey);
    },
  );

  it.each(['SOL', 'XMR'] as const)('%s signs standard ed25519 signatures', (network) => {
    const key = addressKey(seed, network, 5);
    const signature = key.sign(message);
    expect(key.scheme).toBe('ed25519');
    expect(ed25519.verify(signature, message, key.publicKey)).toBe(true);
    expect(ed25519.verify(signature, utf8ToBytes('pay 2 to someone'), key.publicKey)).toBe(false);
  });

  it('refuses a key that does not control the address', () => {
    for (const network of NETWORKS) {
      const other = addressKey(seed, network, 2);
      expect(keyControlsAddress(network, addressKey(seed, network, 1).address, other.publicKey)).toBe(false);
      expect(keyControlsAddress(network, 'not an address', other.publicKey)).toBe(false);
    }
    expect(keyControlsAddress('ETH', addressKey(seed, 'ETH', 1).address, new Uint8Array(33))).toBe(false);
  });

  it('accepts EVM addresses in any letter case and bech32 in upper case', () => {
    const eth = addressKey(seed, 'ETH', 1);
    expect(keyControlsAddress('ETH', eth.address.toLowerCase(), eth.publicKey)).toBe(true);
    const btc = addressKey(seed, 'BTC', 1);
    expect(keyControlsAddress('BTC', btc.address.toUpperCase(), btc.publicKey)).toBe(true);
  });
});

// monero-ts (Monero's own C++ as WASM) gives the subaddresses; our spend scalar must open them.
describe('Monero subaddress spend scalar against monero-ts', () => {
  afterAll(() => moneroTs.LibraryUtils.terminateWorker());

  it('d·G is the spend key written in subaddress (0, i); index 0 is the account spend key', async () => {
    const account = moneroAccount(seed);
    const wallet = await moneroTs.createWalletKeys({
      networkType: moneroTs.MoneroNetworkType.MAINNET,
      privateSpendKey: hex(account.spendSecret),
    });
    for (const index of [0, 1, 2, 1000]) {
      const address = await wallet.getAddress(0, index);
      expect(baseMultiply(moneroSpendScalar(account, index)).toBytes()).toEqual(
        moneroAddressSpendKey(address),
      );
    }
    expect(hex(baseMultiply(moneroSpendScalar(account, 0)).toBytes())).toBe(await wallet.getPublicSpendKey());
    await wallet.close();
  }, 60000);

  it('refuses an address with a bad checksum', () => {
    const address = addressKey(seed, 'XMR', 1).address;
    const broken = address.slice(0, -1) + (address.endsWith('a') ? 'b' : 'a');
    expect(() => moneroAddressSpendKey(broken)).toThrow();
  });
});
