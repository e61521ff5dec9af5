import type { FastifyRequest } from 'fastify';
import type { ApiKeyInfo } from '@swap/contracts';
import type { SignedRequest } from '@swap/gateway';

/** What the signature guard attaches to a request it let through. */
export interface Authenticated {
  apiKey: ApiKeyInfo;
  /** Unique per signed request (key and nonce): makes a retried create idempotent. */
  requestId: string;
}

export type SignedFastifyRequest = FastifyRequest & { auth?: Authenticated };

/** The exact raw body the client signed ("" when there is none). */
export function rawBody(request: FastifyRequest): string {
  return typeof request.body === 'string' ? request.body : '';
}

/**
 * Per-endpoint rate-limit bucket, named from the route the request matched (never from the URL as
 * sent, where `/swap/%70rice` would make a fresh bucket): /swap/resolve is an alias of /swap/emergency.
 */
export function endpointName(request: FastifyRequest): string {
  const route = request.routeOptions.url ?? request.url.split('?')[0];
  const name = route.slice(route.lastIndexOf('/') + 1);
  return name === 'resolve' ? 'emergency' : name;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** D2's four headers and what they sign: the method, the request target exactly as sent, the raw body. */
export function signedRequestOf(request: FastifyRequest): SignedRequest {
  return {
    apiKey: header(request, 'x-api-key'),
    timestamp: header(request, 'x-api-timestamp'),
    nonce: header(request, 'x-api-nonce'),
    signature: header(request, 'x-api-sign'),
    method: request.method.toUpperCase(),
    path: request.url,
    body: rawBody(request),
    ip: request.ip,
  };
}
