import { Bus, BusUnavailableError } from '@swap/bus';
import {
  EngineCreateSwapRequest,
  engineAdvanceSwap,
  engineCreateSwap,
  engineResolveSwap,
  ResolveBody,
  RpcError,
  SwapSnapshot,
} from '@swap/contracts';
import { Backoff, SwapError, SwapErrorCode } from '@swap/domain';

export interface EngineClientOptions {
  /** The whole time a call may take, retries included (default 10 s). */
  budgetMs?: number;
  /** Longest wait for one answer to a create before asking again (default 4 s). */
  createAttemptMs?: number;
}
const BACKOFF = new Backoff({ firstMs: 100, maxMs: 1_000 });

/** The engine is temporarily unreachable: the gateway answers 503 and the caller retries. */
export class EngineUnavailableError extends Error {}

type Reply = { ok: true; data: SwapSnapshot } | { ok: false; error: RpcError };

/**
 * Swaps belong to the order engine; the gateway only asks it over the bus. While no engine
 * instance listens (a rolling restart), a call waits and tries again within its budget: the
 * request was never delivered, so that is safe for every call. A call that timed out may have
 * been carried out, so only create, which is idempotent by request id, is tried again then.
 */
export class EngineClient {
  private readonly budgetMs: number;
  private readonly createAttemptMs: number;

  constructor(
    private readonly bus: Bus,
    options: EngineClientOptions = {},
  ) {
    this.budgetMs = options.budgetMs ?? 10_000;
    this.createAttemptMs = options.createAttemptMs ?? 4_000;
  }

  create(request: EngineCreateSwapRequest): Promise<SwapSnapshot> {
    return this.call((timeoutMs) => this.bus.request(engineCreateSwap, request, { timeoutMs }), true);
  }

  advance(id: string): Promise<SwapSnapshot> {
    return this.call((timeoutMs) => this.bus.request(engineAdvanceSwap, { id }, { timeoutMs }), false);
  }

  resolve(id: string, choice: ResolveBody['choice'], address: string | null): Promise<SwapSnapshot> {
    return this.call(
      (timeoutMs) => this.bus.request(engineResolveSwap, { id, choice, address }, { timeoutMs }),
      false,
    );
  }

  private async call(
    send: (timeoutMs: number) => Promise<Reply>,
    idempotent: boolean,
  ): Promise<SwapSnapshot> {
    const deadline = Date.now() + this.budgetMs;
    for (let attempt = 0; ; attempt++) {
      try {
        const left = Math.max(1, deadline - Date.now());
        return this.unwrap(await send(idempotent ? Math.min(left, this.createAttemptMs) : left));
      } catch (error) {
        if (!(error instanceof BusUnavailableError)) throw error;
        const retry = error.reason === 'no-responders' || (idempotent && error.reason === 'timeout');
        const backoff = BACKOFF.delay(attempt);
        if (!retry || Date.now() + backoff >= deadline) {
          throw new EngineUnavailableError(`order engine unavailable (${error.reason})`);
        }
        await new Promise((resolve) => setTimeout(resolve, backoff));
      }
    }
  }

  private unwrap(result: Reply): SwapSnapshot {
    if (result.ok) return result.data;
    const { code, message, status } = result.error;
    if (status >= 500 || !(Object.values(SwapErrorCode) as string[]).includes(code)) {
      throw new EngineUnavailableError(`order engine error ${code}`);
    }
    throw new SwapError(code as SwapErrorCode, status as SwapError['status'], message);
  }
}
