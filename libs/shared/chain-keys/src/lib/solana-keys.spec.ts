import { createPublicKey, verify } from 'crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { accountPublicKey } from './account-keys';
import { mnemonicToSeed } from './mnemonic';
import { scalarSigner } from './ed25519-signer';
import { slip10Ed25519 } from './slip10';
import {
  parseSolanaAccountPublic,
  solanaAccount,
  solanaChildPublicKey,
  solanaChildScalar,
  solanaChildSigner,
} from './solana-keys';
import { ABANDON_MNEMONIC } from './test-mnemonic';

const seed = mnemonicToSeed(ABANDON_MNEMONIC);
const account = solanaAccount(seed);
const accountPublic = parseSolanaAccountPublic(accountPublicKey(seed, 'SOL'));
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** Node's (OpenSSL's) ed25519 verifier: independent of noble. */
function opensslVerify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
    format: 'jwk',
  });
  return verify(null, message, key, signature);
}

describe('SLIP-0010 ed25519', () => {
  it('matches test vector 1 of SLIP-0010', () => {
    const vectorSeed = hexToBytes('000102030405060708090a0b0c0d0e0f');
    expect(hex(slip10Ed25519(vectorSeed, 'm').privateKey)).toBe(
      '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
    );
    const child = slip10Ed25519(vectorSeed, "m/0'");
    expect(hex(child.chainCode)).toBe('8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69');
    expect(hex(child.privateKey)).toBe('68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3');
  });

  it("gives the address Solana wallets show for the test phrase at m/44'/501'/0'/0'", () => {
    const node = slip10Ed25519(seed, "m/44'/501'/0'/0'");
    expect(base58.encode(ed25519.getPublicKey(node.privateKey))).toBe(
      'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
    );
  });

  it('refuses non-hardened segments', () => {
    expect(() => slip10Ed25519(seed, "m/44'/501'/0")).toThrow(/hardened/);
  });
});

describe('SOL additive child keys', () => {
  it("the account key is the standard ed25519 key of the SLIP-0010 node m/44'/501'/0'", () => {
    const node = slip10Ed25519(seed, "m/44'/501'/0'");
    expect(account.publicKey).toEqual(ed25519.getPublicKey(node.privateKey));
    expect(accountPublic.publicKey).toEqual(account.publicKey);
    expect(accountPublic.chainCode).toEqual(node.chainCode);
  });

  it('public child key (watcher) equals scalar·G of the private child (treasury)', () => {
    for (const index of [0, 1, 2, 12345, 2 ** 31 - 1]) {
      const signer = solanaChildSigner(account, index);
      expect(solanaChildPublicKey(accountPublic, index)).toEqual(signer.publicKey);
      expect(solanaChildScalar(account, index)).not.toBe(account.scalar);
    }
    expect(solanaChildPublicKey(accountPublic, 1)).not.toEqual(solanaChildPublicKey(accountPublic, 2));
  });

  it('child signatures verify as ordinary ed25519 under the child public key (noble and OpenSSL)', () => {
    const message = utf8ToBytes('a Solana transaction message');
    for (const index of [1, 2, 777]) {
      const signer = solanaChildSigner(account, index);
      const signature = signer.sign(message);
      const publicKey = solanaChildPublicKey(accountPublic, index);
      expect(signature).toHaveLength(64);
      expect(ed25519.verify(signature, message, publicKey)).toBe(true);
      expect(opensslVerify(publicKey, message, signature)).toBe(true);
      // Deterministic, bound to the message and to the key.
      expect(signer.sign(message)).toEqual(signature);
      expect(ed25519.verify(signature, utf8ToBytes('another message'), publicKey)).toBe(false);
      expect(ed25519.verify(signature, message, solanaChildPublicKey(accountPublic, index + 1))).toBe(false);
    }
  });

  it('uses a different nonce for every child and message', () => {
    const message = utf8ToBytes('same message');
    const nonces = [1, 2, 3].map((i) => hex(solanaChildSigner(account, i).sign(message).subarray(0, 32)));
    nonces.push(hex(solanaChildSigner(account, 1).sign(utf8ToBytes('other')).subarray(0, 32)));
    expect(new Set(nonces).size).toBe(4);
  });

  it('the raw-scalar signer produces RFC 8032 signatures for a clamped seed scalar too', () => {
    // The account scalar itself is a standard key: its signature verifies under the standard public key.
    const signer = scalarSigner(account.scalar, new Uint8Array(32).fill(7));
    const message = utf8ToBytes('hot wallet');
    expect(opensslVerify(account.publicKey, message, signer.sign(message))).toBe(true);
  });
});
