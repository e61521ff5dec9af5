import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** The key's two spellings, as SECRETS_KEY and WEBHOOK_SECRETS_KEY are given. */
const HEX_KEY = /^[0-9a-f]{64}$/i;

function keyBytes(keyMaterial: string): Buffer {
  return Buffer.from(keyMaterial, HEX_KEY.test(keyMaterial) ? 'hex' : 'base64');
}

/** Whether `keyMaterial` is a SecretBox key: 32 bytes as 64 hex characters or base64 (for config checks). */
export function isSecretBoxKey(keyMaterial: string): boolean {
  return keyBytes(keyMaterial).length === 32;
}

/**
 * Encrypts API and webhook secrets at rest (D2, D12): the server must read them back to verify an
 * HMAC, so they are encrypted with AES-256-GCM under a key from the environment rather than hashed.
 *
 * Each value is bound to the row it belongs to: `context` (say `gateway.api_keys:<key>`) is the
 * cipher's associated data, so a sealed value copied into another row does not open there.
 * Format `v2:iv:tag:body`. Values sealed before rows were bound (`v1`, no associated data) still
 * open, whatever the context; each service seals them again at start-up (isBound tells them
 * apart), after which none is left unless someone writes one back from an old backup.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    if (!isSecretBoxKey(keyMaterial))
      throw new Error('the secrets key must be 32 bytes (64 hex characters or base64)');
    this.key = keyBytes(keyMaterial);
  }

  /** True for a value sealed with its row's context (v2); false for one sealed before (v1). */
  static isBound(sealed: string): boolean {
    return sealed.startsWith('v2:');
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((bytes) => bytes.toString('base64'));
    return ['v2', ...parts].join(':');
  }

  /** Throws when the value was sealed under another key, for another row, or was altered. */
  open(sealed: string, context: string): string {
    const [version, iv, tag, body, extra] = sealed.split(':');
    if ((version !== 'v1' && version !== 'v2') || !iv || !tag || !body || extra !== undefined)
      throw new Error('unrecognised sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    if (version === 'v2') decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}
