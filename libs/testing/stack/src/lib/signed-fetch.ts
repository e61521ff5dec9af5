import { computeSignature, newNonce } from '@swap/sdk';
import { TestKey } from './stack';

export interface RawCall {
  method?: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Header overrides; undefined removes the header. */
  headers?: Record<string, string | undefined>;
  timestamp?: number;
  nonce?: string;
  /** Sign this body but send `body` (tampering). */
  signedBody?: string;
  /** Sign this full path (with /v1) but send `path`. */
  signedPath?: string;
}

export interface RawAnswer {
  status: number;
  json: { code: number; msg: string; data: unknown; retry_after?: number };
  headers: Headers;
}

/** A hand-made signed request, for the cases the SDK would never send. */
export async function signedFetch(baseUrl: string, key: TestKey, call: RawCall): Promise<RawAnswer> {
  const method = call.method ?? 'POST';
  const body = call.body ?? (method === 'GET' ? '' : '{}');
  const timestamp = String(call.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = call.nonce ?? newNonce();
  const url = new URL(baseUrl);
  const path = `${url.pathname.replace(/\/$/, '')}${call.path}`;
  const sign = computeSignature(key.secret, {
    timestamp,
    nonce,
    method,
    path: call.signedPath ?? path,
    body: call.signedBody ?? body,
  });
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-API-KEY': key.key,
    'X-API-TIMESTAMP': timestamp,
    'X-API-NONCE': nonce,
    'X-API-SIGN': sign,
  };
  for (const [name, value] of Object.entries(call.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  const response = await fetch(`${url.origin}${path}`, {
    method,
    headers,
    body: method === 'GET' ? undefined : body,
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: response.status,
    json: (await response.json()) as RawAnswer['json'],
    headers: response.headers,
  };
}
