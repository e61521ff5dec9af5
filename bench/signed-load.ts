import autocannon from 'autocannon';
import { signRequest } from '@swap/sdk';

export interface LoadTarget {
  name: string;
  /** Origin, e.g. http://127.0.0.1:8080 */
  origin: string;
  /** Full request path, e.g. /v1/swap/status */
  path: string;
  body: string;
}

export interface LoadResult {
  name: string;
  /** Requests answered, and over how long. */
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  credentials: { key: string; secret: string };
  connections: number;
  seconds: number;
}

/**
 * Runs autocannon against one target with requests signed as an integrator signs them (D2): a
 * fresh timestamp, nonce and signature per request. Every target gets exactly the same requests.
 */
export async function runSignedLoad(target: LoadTarget, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: target.origin,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: 'POST',
        path: target.path,
        setupRequest: (request) => ({
          ...request,
          body: target.body,
          headers: {
            'content-type': 'application/json',
            ...signRequest(options.credentials, { method: 'POST', path: target.path, body: target.body }),
          },
        }),
      },
    ],
  });
  return {
    name: target.name,
    requests: result.requests.total,
    seconds: result.duration,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
