import { createCipheriv, randomBytes } from 'node:crypto';
import { isSecretBoxKey, SecretBox } from './secret-box';

const keyHex = randomBytes(32).toString('hex');
const box = new SecretBox(keyHex);
const ROW = 'gateway.api_keys:pk_a';

/** A value as SecretBox sealed it before rows were bound: v1, no associated data. */
function sealedV1(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), body].map((bytes) => bytes.toString('base64'))].join(':');
}

describe('SecretBox', () => {
  it('opens what it sealed for the same row; a tampered or foreign secret does not open', () => {
    const sealed = box.seal('s3cret', ROW);
    expect(sealed).not.toContain('s3cret');
    expect(SecretBox.isBound(sealed)).toBe(true);
    expect(box.open(sealed, ROW)).toBe('s3cret');
    expect(box.seal('s3cret', ROW)).not.toBe(sealed); // fresh IV every time
    const [version, iv, tag, body] = sealed.split(':');
    const flipped = Buffer.from(body, 'base64');
    flipped[0] ^= 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64')].join(':'), ROW)).toThrow();
    expect(() => new SecretBox(randomBytes(32).toString('base64')).open(sealed, ROW)).toThrow();
    expect(() => new SecretBox('too short')).toThrow(/32 bytes/);
  });

  it.each([
    ['another key of the same table', 'gateway.api_keys:pk_b'],
    ['the same key in another table', 'notifier.webhooks:pk_a'],
    ['no context', ''],
  ])('a sealed value copied to %s does not open there', (_, otherRow) => {
    const sealed = box.seal('s3cret', ROW);
    expect(() => box.open(sealed, otherRow)).toThrow();
  });

  it('still opens a value sealed before rows were bound (v1), which isBound tells apart', () => {
    const old = sealedV1('older s3cret');
    expect(SecretBox.isBound(old)).toBe(false);
    expect(box.open(old, ROW)).toBe('older s3cret');
    const resealed = box.seal(box.open(old, ROW), ROW);
    expect(SecretBox.isBound(resealed)).toBe(true);
    expect(box.open(resealed, ROW)).toBe('older s3cret');
  });

  it('refuses a format it does not know', () => {
    const [, iv, tag, body] = box.seal('s3cret', ROW).split(':');
    expect(() => box.open(['v3', iv, tag, body].join(':'), ROW)).toThrow(/unrecognised/);
    expect(() => box.open(['v2', iv, tag].join(':'), ROW)).toThrow(/unrecognised/);
  });

  it('takes a key as 64 hex characters or base64 of 32 bytes', () => {
    expect(isSecretBoxKey(keyHex)).toBe(true);
    expect(isSecretBoxKey(randomBytes(32).toString('base64'))).toBe(true);
    expect(isSecretBoxKey(randomBytes(31).toString('hex'))).toBe(false);
    expect(isSecretBoxKey('x'.repeat(64))).toBe(false);
  });
});
