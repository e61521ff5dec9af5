import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encrypts API and webhook secrets at rest (D2, D12): the server must read them back to verify an HMAC, so they
 * are encrypted with AES-256-GCM under a key from the environment rather than hashed.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    const key = Buffer.from(keyMaterial, /^[0-9a-f]{64}$/i.test(keyMaterial) ? 'hex' : 'base64');
    if (key.length !== 32) throw new Error('the secrets key must be 32 bytes (64 hex characters or base64)');
    this.key = key;
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64'),
      cipher.getAuthTag().toString('base64'),
      body.toString('base64'),
    ].join(':');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || !body) throw new Error('unrecognised sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}
