import { Backoff } from '@swap/domain';
import type { Retry } from '@swap/treasury-domain';

export interface RetryPolicy {
  /** First delay after a failed attempt; doubled per attempt, up to maxMs. */
  initialMs: number;
  maxMs: number;
  /** Signing attempts before a transfer fails for good (a node unreachable that long, or a refusal to build it). */
  maxSignAttempts: number;
  /** Wait before signing again when the chain said "not yet" (locked outputs): no attempt is counted. */
  notReadyMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  initialMs: 1000,
  maxMs: 60_000,
  maxSignAttempts: 10,
  notReadyMs: 10_000,
};

/** Delay before attempt number `attempts + 1`. */
export function retryDelay(policy: RetryPolicy, attempts: number): number {
  return new Backoff({ firstMs: policy.initialMs, maxMs: policy.maxMs }).delay(attempts);
}

/** How long a transfer the lifecycle postponed waits, by its row's `retry`. */
export function retryWait(retry: Retry, policy: RetryPolicy, attempts: number): number {
  switch (retry.wait) {
    case 'backoff':
      return retryDelay(policy, attempts);
    case 'chain':
      return policy.notReadyMs;
    case 'soon':
      return policy.initialMs;
  }
}
