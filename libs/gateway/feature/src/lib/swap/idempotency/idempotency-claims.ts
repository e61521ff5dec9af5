import { Backoff, SwapErrors, type Clock, type SwapOrderView } from '@swap/domain';
import type { IdempotencyKeyRepository, IdempotencyScope } from '@swap/gateway-data';
import { EngineUnavailableError } from '../engine.client';
import type { CreateRequest } from '../swap-request.parser';
import { createRequestHash } from './idempotency-key';

export type IdempotencyStore = Pick<IdempotencyKeyRepository, 'claim' | 'complete' | 'abandon'>;

/** A create's answer to the client. */
export interface CreateAnswer {
  swap: SwapOrderView;
  /** The answer of an earlier request with the same Idempotency-Key (`Idempotent-Replayed: true`). */
  replayed: boolean;
}

/** What a create does once it holds its key: replay an answer, or create under an engine request id. */
export type CreateClaim =
  | { kind: 'replay'; swap: SwapOrderView }
  | { kind: 'run'; requestId: string; scope: IdempotencyScope | undefined };

/** The create a key is claimed for. */
export interface ClaimedCreate {
  /** D13's Idempotency-Key, parsed; undefined when none was sent. */
  idempotencyKey: string | undefined;
  request: CreateRequest;
  /** Unique per signed request. */
  requestId: string;
}

export interface IdempotencyClaimsOptions {
  /** Longest a request waits for another one with its key to finish (then 503, retry). */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  clock?: Clock;
}

const CREATED = 201;
/** The pauses between polls of a key another request holds. */
const POLLS = new Backoff({ firstMs: 10, maxMs: 200 });

/**
 * D13: POST /swap/create with an Idempotency-Key makes one swap however often, and on however many
 * replicas at once, it is sent within 24 h. The first request claims the key (a row in PostgreSQL)
 * and creates; the others poll until its answer is stored, then replay it. What a repeat gets is
 * the stored answer of the first request, not the swap as it is now: D13 asks for the same data,
 * and it is what a client that lost the first answer would have read, whichever replica it asks
 * (/swap/status tells how the swap moved on since).
 */
export class IdempotencyClaims {
  private readonly maxWaitMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly clock: Clock;

  constructor(
    private readonly keys: IdempotencyStore,
    options: IdempotencyClaimsOptions = {},
  ) {
    this.maxWaitMs = options.maxWaitMs ?? 20_000;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.clock = options.clock ?? Date.now;
  }

  /**
   * Without a key, the create runs under its own request id. With one, under the key's engine
   * request id: this request's own, or, when a gateway died with the key pending, the dead
   * request's, which the engine answers with the swap it may already have made (its create is
   * idempotent by request id). The id is stored, not derived from the Idempotency-Key, so the
   * same key after its 24 h makes a new swap.
   */
  async claim(apiKey: string, create: ClaimedCreate): Promise<CreateClaim> {
    if (create.idempotencyKey === undefined) {
      return { kind: 'run', requestId: create.requestId, scope: undefined };
    }
    const scope = { apiKey, idempotencyKey: create.idempotencyKey };
    const hash = createRequestHash(create.request);
    const deadline = this.clock() + this.maxWaitMs;
    for (let poll = 0; ; poll++) {
      const claim = await this.keys.claim(scope, hash, create.requestId);
      switch (claim.kind) {
        case 'mismatch':
          throw SwapErrors.idempotencyKeyReused();
        case 'replay':
          return { kind: 'replay', swap: claim.response as SwapOrderView };
        case 'run':
          return { kind: 'run', requestId: claim.requestId, scope };
        case 'busy':
          if (this.clock() >= deadline) {
            throw new EngineUnavailableError('a create with this Idempotency-Key is still running');
          }
          await this.sleep(POLLS.delay(poll));
      }
    }
  }

  /** Stores the answer under the key; another holder of its request id may have stored one first. */
  async complete(claim: CreateClaim & { kind: 'run' }, swap: SwapOrderView): Promise<CreateAnswer> {
    if (claim.scope === undefined) return { swap, replayed: false };
    const stored = await this.keys.complete(claim.scope, claim.requestId, CREATED, swap);
    if (stored === null || stored.ours) return { swap, replayed: false };
    return { swap: stored.response as SwapOrderView, replayed: true };
  }

  /**
   * After a failed create. Every failure came after an attempt that may have reached the engine:
   * even a refusal can follow an attempt that timed out after the engine made the swap. So the key
   * is never forgotten: it stays pending with its request id, its lease ended, and the next
   * request with it runs the create again under that id (the engine is idempotent by it), making
   * the swap once the cause is gone or answering with the one already made. If this fails too,
   * the lease runs out by itself.
   */
  async abandon(claim: CreateClaim & { kind: 'run' }): Promise<void> {
    if (claim.scope === undefined) return;
    await this.keys.abandon(claim.scope, claim.requestId).catch(() => undefined);
  }
}
