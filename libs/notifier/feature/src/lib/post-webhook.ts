import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AttemptResult } from '@swap/notifier-data';
import type { Clock } from '@swap/domain';
import { publicOnlyLookup, refusedLiteral } from './private-address';

export interface PostOptions {
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: else private addresses are refused at connection time, and plain http. */
  allowPrivate: boolean;
  clock?: Clock;
}

/** The lookup every attempt uses unless private receivers are allowed. */
const PUBLIC_ONLY = publicOnlyLookup();

/**
 * Connections to receivers are kept alive between events (a busy receiver gets one TLS handshake,
 * not one per event), at most 8 per receiver at a time.
 */
const agents = {
  'http:': new HttpAgent({ keepAlive: true, maxSockets: 8 }),
  'https:': new HttpsAgent({ keepAlive: true, maxSockets: 8 }),
};

/** At most this much of a receiver's answer is read (then the connection is dropped). */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * One POST of one event. Node's own http client rather than fetch: fetch (undici) takes no
 * per-request DNS lookup, and the lookup is where private addresses are refused. No redirects are
 * followed (a 3xx is a failed attempt), so a receiver cannot bounce the request inward.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<AttemptResult> {
  const clock = options.clock ?? Date.now;
  const started = clock();
  const result = (httpStatus: number | null, error: string | null): AttemptResult => ({
    url,
    httpStatus,
    ok: httpStatus !== null && httpStatus >= 200 && httpStatus < 300,
    error,
    durationMs: Math.max(0, Math.round(clock() - started)),
  });
  return new Promise((resolve) => {
    const target = new URL(url);
    if (!options.allowPrivate) {
      // Checked again on every attempt: the webhook may have been set while they were allowed.
      if (target.protocol !== 'https:')
        return resolve(result(null, 'plain http is refused: the body carries the swap token'));
      const literal = refusedLiteral(target);
      if (literal) return resolve(result(null, literal.message));
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const requestOptions: RequestOptions = {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: options.allowPrivate ? undefined : PUBLIC_ONLY,
      signal: AbortSignal.timeout(options.timeoutMs),
      agent: target.protocol === 'https:' ? agents['https:'] : agents['http:'],
    };
    const req = send(target, requestOptions, (res: IncomingMessage) => {
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_RESPONSE_BYTES) res.destroy();
      });
      const done = () => resolve(result(res.statusCode ?? null, null));
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    req.on('error', (err: Error) => {
      const timedOut = err.name === 'AbortError' || err.name === 'TimeoutError';
      resolve(result(null, timedOut ? `no answer within ${options.timeoutMs / 1000} s` : err.message));
    });
    req.end(body);
  });
}
