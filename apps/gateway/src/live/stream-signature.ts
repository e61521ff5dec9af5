import type { SignedRequest } from '@swap/gateway';

const QUERY_FIELDS = { apiKey: 'key', timestamp: 'ts', nonce: 'nonce', signature: 'sign' } as const;

/**
 * D18: a browser cannot set headers on a WebSocket's upgrade, so D2's four values may come as the
 * query parameters key, ts, nonce and sign instead; the signed path is then the path without that
 * query. Headers, when present, are used as sent.
 */
export function streamSignature(request: SignedRequest): SignedRequest {
  const at = request.path.indexOf('?');
  if (request.signature !== undefined || at < 0) return request;
  const query = new URLSearchParams(request.path.slice(at + 1));
  const value = (name: string) => query.get(name) ?? undefined;
  return {
    ...request,
    apiKey: value(QUERY_FIELDS.apiKey),
    timestamp: value(QUERY_FIELDS.timestamp),
    nonce: value(QUERY_FIELDS.nonce),
    signature: value(QUERY_FIELDS.signature),
    path: request.path.slice(0, at),
  };
}
