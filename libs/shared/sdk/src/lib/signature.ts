import { createHmac, randomBytes } from 'node:crypto';

/** Decision D2: the four signature headers of every request. */
export interface SignatureHeaders {
  'X-API-KEY': string;
  'X-API-TIMESTAMP': string;
  'X-API-NONCE': string;
  'X-API-SIGN': string;
}

export interface SignedPart {
  timestamp: string;
  nonce: string;
  /** Upper-case HTTP method. */
  method: string;
  /** Request target exactly as sent, including /v1 and any query string. */
  path: string;
  /** Exact raw body; "" when there is none. */
  body: string;
}

/** The signed text: timestamp, nonce, method, path and body, joined by newlines. */
export function signaturePayload(part: SignedPart): string {
  return `${part.timestamp}\n${part.nonce}\n${part.method}\n${part.path}\n${part.body}`;
}

/** Lowercase hex HMAC-SHA256 of the payload under the API secret. */
export function computeSignature(secret: string, part: SignedPart): string {
  return createHmac('sha256', secret).update(signaturePayload(part)).digest('hex');
}

/** A fresh nonce: 32 characters of [A-Za-z0-9_-] (base64url of 24 random bytes). */
export function newNonce(): string {
  return randomBytes(24).toString('base64url');
}

export function signRequest(
  credentials: { key: string; secret: string },
  request: { method: string; path: string; body?: string },
  now: () => number = Date.now,
): SignatureHeaders {
  const part: SignedPart = {
    timestamp: String(Math.floor(now() / 1000)),
    nonce: newNonce(),
    method: request.method.toUpperCase(),
    path: request.path,
    body: request.body ?? '',
  };
  return {
    'X-API-KEY': credentials.key,
    'X-API-TIMESTAMP': part.timestamp,
    'X-API-NONCE': part.nonce,
    'X-API-SIGN': computeSignature(credentials.secret, part),
  };
}
