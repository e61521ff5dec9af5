import { createHmac, timingSafeEqual } from 'node:crypto';
import { signaturePayload } from '@swap/sdk';
import { ActiveKey } from '../keys/active-key';
import type { Clock } from '@swap/domain';

export const TIMESTAMP_WINDOW_SECONDS = 30;
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;

export interface SignedRequest {
  apiKey: string | undefined;
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
  method: string;
  path: string;
  body: string;
  ip: string;
}

export interface KeyLookup {
  get(key: string): Promise<ActiveKey | null>;
}

export interface NonceStore {
  /** Records a nonce for a key; false when it was already used (on any replica). */
  claim(apiKey: string, nonce: string): Promise<boolean>;
}

export type AuthFailure = 'credentials' | 'signature';

export type AuthResult = { ok: true; key: ActiveKey } | { ok: false; failure: AuthFailure };

/**
 * D2, checks in order: key unknown or disabled, or caller IP outside the whitelist → credentials;
 * then bad signature or stale timestamp → signature. The nonce is claimed separately (claimNonce),
 * only after the signature verified, so a forged request cannot burn a legitimate nonce.
 */
export class AuthenticateRequest {
  constructor(
    private readonly keys: KeyLookup,
    private readonly clock: Clock = Date.now,
  ) {}

  async execute(request: SignedRequest): Promise<AuthResult> {
    if (!request.apiKey) return { ok: false, failure: 'credentials' };
    const key = await this.keys.get(request.apiKey);
    if (!key || key.info.disabled || !key.whitelist.allows(request.ip))
      return { ok: false, failure: 'credentials' };

    const { timestamp, nonce, signature } = request;
    if (!timestamp || !nonce || !signature) return { ok: false, failure: 'signature' };
    if (!TIMESTAMP.test(timestamp) || !NONCE.test(nonce) || !SIGNATURE.test(signature)) {
      return { ok: false, failure: 'signature' };
    }
    const skew = Math.abs(Math.floor(this.clock() / 1000) - Number(timestamp));
    if (skew > TIMESTAMP_WINDOW_SECONDS) return { ok: false, failure: 'signature' };

    const expected = createHmac('sha256', key.secret)
      .update(
        signaturePayload({
          timestamp,
          nonce,
          method: request.method,
          path: request.path,
          body: request.body,
        }),
      )
      .digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, failure: 'signature' };
    return { ok: true, key };
  }
}
