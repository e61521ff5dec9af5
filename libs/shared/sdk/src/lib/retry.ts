import { SwapApiError } from './errors';

export interface RetryOptions {
  /** Attempts per call, the first included (default 3; 1 never retries). */
  maxAttempts?: number;
  /** Backoff before the second attempt (default 500 ms), doubled for each further one… */
  baseDelayMs?: number;
  /** …up to this (default 8 s); each wait is drawn between half of it and all of it (jitter). */
  maxDelayMs?: number;
}

/**
 * Whether a failed call may be sent again. A 429 was refused before anything was done, so every
 * call may be; a 502/503/504 or a network error may hide a request the service carried out, so
 * only a call that cannot act twice is: a read, or a create with its Idempotency-Key (D13).
 */
export type RetryPolicy = 'idempotent' | 'rate-limit-only';

const UNAVAILABLE = new Set([502, 503, 504]);

/** How long to wait before attempt `attempt + 1`, or undefined when the error is final. */
export function retryDelay(
  error: unknown,
  attempt: number,
  policy: RetryPolicy,
  options: RetryOptions,
  random: () => number = Math.random,
): number | undefined {
  if (attempt >= (options.maxAttempts ?? 3)) return undefined;
  // Its own copy of @swap/domain's Backoff (with equal jitter): the SDK is published without dependencies.
  const backoff = () => {
    const cap = Math.min(options.maxDelayMs ?? 8_000, (options.baseDelayMs ?? 500) * 2 ** (attempt - 1));
    return Math.round(cap / 2 + (random() * cap) / 2);
  };
  if (error instanceof SwapApiError) {
    if (error.status === 429)
      return error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : backoff();
    return policy === 'idempotent' && UNAVAILABLE.has(error.status) ? backoff() : undefined;
  }
  return policy === 'idempotent' && isNetworkError(error) ? backoff() : undefined;
}

/** fetch's own failures (refused, reset, DNS) and the per-attempt timeout; not the caller's abort. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return error instanceof Error && error.name === 'TimeoutError';
}

/** Retry-After in seconds (D5), from the header or else the envelope's retry_after. */
export function retryAfterSeconds(header: string | null, bodyValue: unknown): number | undefined {
  if (header !== null && /^\d+$/.test(header.trim())) return Number(header.trim());
  if (header !== null && !Number.isNaN(Date.parse(header)))
    return Math.max(0, Math.ceil((Date.parse(header) - Date.now()) / 1000));
  return typeof bodyValue === 'number' && bodyValue >= 0 ? bodyValue : undefined;
}

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
