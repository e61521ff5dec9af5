import type { ApiKeyInfo } from '@swap/contracts';
import { Backoff, SwapErrors, type SwapOrderView } from '@swap/domain';
import type { IdempotencyKeyRepository, IdempotencyScope } from '@swap/gateway-data';
import { EngineUnavailableError } from '../engine.client';
import type { Body } from '../request-body';
import type { CreateRequest } from '../swap-request.parser';
import { createRequestHash, parseIdempotencyKey } from './idempotency-key';

/** The create of SwapUseCases, in its two steps. */
export interface SwapCreates {
  parseCreate(body: Body, key: ApiKeyInfo): CreateRequest;
  createParsed(request: CreateRequest, key: ApiKeyInfo, requestId: string): Promise<SwapOrderView>;
}

export type IdempotencyStore = Pick<IdempotencyKeyRepository, 'claim' | 'complete' | 'abandon'>;

export interface CreateAnswer {
  swap: SwapOrderView;
  /** The answer of an earlier request with the same Idempotency-Key (`Idempotent-Replayed: true`). */
  replayed: boolean;
}

export interface IdempotentCreateOptions {
  /** Longest a request waits for another one with its key to finish (then 503, retry). */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  clock?: () => number;
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
export class IdempotentCreate {
  private readonly maxWaitMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly clock: () => number;

  constructor(
    private readonly swaps: SwapCreates,
    private readonly keys: IdempotencyStore,
    options: IdempotentCreateOptions = {},
  ) {
    this.maxWaitMs = options.maxWaitMs ?? 20_000;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.clock = options.clock ?? Date.now;
  }

  async execute(
    body: Body,
    key: ApiKeyInfo,
    requestId: string,
    idempotencyHeader: string | string[] | undefined,
  ): Promise<CreateAnswer> {
    const idempotencyKey = parseIdempotencyKey(idempotencyHeader);
    // A body that fails validation claims nothing: the client fixes it and retries with the same key.
    const request = this.swaps.parseCreate(body, key);
    if (idempotencyKey === undefined) {
      return { swap: await this.swaps.createParsed(request, key, requestId), replayed: false };
    }
    const scope = { apiKey: key.key, idempotencyKey };
    const hash = createRequestHash(request);
    const deadline = this.clock() + this.maxWaitMs;
    for (let poll = 0; ; poll++) {
      const claim = await this.keys.claim(scope, hash, requestId);
      switch (claim.kind) {
        case 'mismatch':
          throw SwapErrors.idempotencyKeyReused();
        case 'replay':
          return { swap: claim.response as SwapOrderView, replayed: true };
        case 'run':
          return this.run(scope, claim.requestId, request, key);
        case 'busy':
          if (this.clock() >= deadline) {
            throw new EngineUnavailableError('a create with this Idempotency-Key is still running');
          }
          await this.sleep(POLLS.delay(poll));
      }
    }
  }

  /**
   * Creates under the key's engine request id: this request's own, or, when a gateway died with
   * the key pending, the dead request's, which the engine answers with the swap it may already
   * have made (its create is idempotent by request id). The id is stored, not derived from the
   * Idempotency-Key, so the same key after its 24 h makes a new swap.
   */
  private async run(
    scope: IdempotencyScope,
    requestId: string,
    request: CreateRequest,
    key: ApiKeyInfo,
  ): Promise<CreateAnswer> {
    let swap: SwapOrderView;
    try {
      swap = await this.swaps.createParsed(request, key, requestId);
    } catch (error) {
      // Every failure here came after an attempt that may have reached the engine: even a refusal
      // can follow an attempt that timed out after the engine made the swap. So the key is never
      // forgotten: it stays pending with its request id, its lease ended, and the next request
      // with it runs the create again under that id (the engine is idempotent by it), making the
      // swap once the cause is gone or answering with the one already made. If that fails too,
      // the lease runs out by itself.
      await this.keys.abandon(scope, requestId).catch(() => undefined);
      throw error;
    }
    const stored = await this.keys.complete(scope, requestId, CREATED, swap);
    if (stored === null || stored.ours) return { swap, replayed: false };
    return { swap: stored.response as SwapOrderView, replayed: true };
  }
}
