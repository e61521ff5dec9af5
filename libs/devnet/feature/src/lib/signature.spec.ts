import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { randomBytes } from 'node:crypto';
import { validEd25519, validSecp256k1 } from './signature';

const ORDER = secp256k1.Point.CURVE().n;

/** r‖s‖recovery, as the treasury's signers produce it. */
function secpSign(message: Uint8Array, secret: Uint8Array): Uint8Array {
  const signature = secp256k1.sign(message, secret, { format: 'recovered' });
  return Uint8Array.from([...signature.subarray(1), signature[0]]);
}

const flip = (bytes: Uint8Array, at: number) => bytes.map((b, i) => (i === at ? b ^ 1 : b));

describe('devnet signatures', () => {
  it('accepts what noble accepts and refuses what it refuses, on secp256k1', () => {
    for (let i = 0; i < 20; i++) {
      const secret = secp256k1.utils.randomSecretKey();
      const key = secp256k1.getPublicKey(secret, true);
      const message = randomBytes(40 + i);
      const signature = secpSign(message, secret);
      for (const [sig, msg, pub] of [
        [signature, message, key],
        [flip(signature, i), message, key],
        [signature, flip(message, i), key],
        [signature, message, secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true)],
      ]) {
        expect(validSecp256k1(msg, sig, pub)).toBe(secp256k1.verify(sig.subarray(0, 64), msg, pub));
      }
      expect(validSecp256k1(message, signature, key)).toBe(true);
    }
  });

  it('refuses a high s, a malleated copy OpenSSL alone would take', () => {
    const secret = secp256k1.utils.randomSecretKey();
    const key = secp256k1.getPublicKey(secret, true);
    const message = randomBytes(64);
    const signature = secpSign(message, secret);
    const s = BigInt(`0x${Buffer.from(signature.subarray(32, 64)).toString('hex')}`);
    const high = Uint8Array.from([
      ...signature.subarray(0, 32),
      ...Buffer.from((ORDER - s).toString(16).padStart(64, '0'), 'hex'),
      signature[64] ^ 1,
    ]);

    expect(validSecp256k1(message, high, key)).toBe(false);
    expect(secp256k1.verify(high.subarray(0, 64), message, key, { lowS: false })).toBe(true);
  });

  it('refuses malformed keys and signatures without throwing', () => {
    const secret = secp256k1.utils.randomSecretKey();
    const message = randomBytes(32);
    const signature = secpSign(message, secret);
    const notOnCurve = Uint8Array.from([2, ...new Uint8Array(32).fill(0xff)]);
    expect(validSecp256k1(message, signature, notOnCurve)).toBe(false);
    expect(validSecp256k1(message, signature, secp256k1.getPublicKey(secret, false))).toBe(false);
    expect(validSecp256k1(message, signature.subarray(0, 64), secp256k1.getPublicKey(secret, true))).toBe(
      false,
    );
    expect(validSecp256k1(message, new Uint8Array(65), secp256k1.getPublicKey(secret, true))).toBe(false);
    expect(validEd25519(message, new Uint8Array(64), new Uint8Array(32))).toBe(false);
    expect(
      validEd25519(message, new Uint8Array(63), ed25519.getPublicKey(ed25519.utils.randomSecretKey())),
    ).toBe(false);
  });

  it('refuses a key of small order, whose zero signature OpenSSL would take for one message in four', () => {
    // The zero key is a point of order 4: R + h·A = 0 whenever 1 + h ≡ 0 (mod 4).
    for (let i = 0; i < 64; i++)
      expect(validEd25519(randomBytes(32), new Uint8Array(64), new Uint8Array(32))).toBe(false);
  });

  it('verifies Ed25519 as noble does', () => {
    for (let i = 0; i < 20; i++) {
      const secret = ed25519.utils.randomSecretKey();
      const key = ed25519.getPublicKey(secret);
      const message = randomBytes(40 + i);
      const signature = ed25519.sign(message, secret);
      expect(validEd25519(message, signature, key)).toBe(true);
      expect(validEd25519(flip(message, i), signature, key)).toBe(false);
      expect(validEd25519(message, flip(signature, i), key)).toBe(false);
    }
  });
});
