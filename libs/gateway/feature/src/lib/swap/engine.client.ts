import { Bus, BusUnavailableError } from '@swap/bus';
import {
  CreateSwapRequest,
  engineAdvanceSwap,
  engineCreateSwap,
  engineResolveSwap,
  RpcError,
  SwapSnapshot,
} from '@swap/contracts';
import { SwapError, SwapErrorCode } from '@swap/domain';

const TIMEOUT_MS = 10_000;

/** The engine is temporarily unreachable: the gateway answers 503 and the caller retries. */
export class EngineUnavailableError extends Error {}

/** Swaps belong to the order engine; the gateway only asks it over the bus. */
export class EngineClient {
  constructor(private readonly bus: Bus) {}

  create(request: CreateSwapRequest): Promise<SwapSnapshot> {
    return this.unwrap(this.bus.request(engineCreateSwap, request, { timeoutMs: TIMEOUT_MS }));
  }

  advance(id: string): Promise<SwapSnapshot> {
    return this.unwrap(this.bus.request(engineAdvanceSwap, { id }, { timeoutMs: TIMEOUT_MS }));
  }

  resolve(id: string, choice: 'EXCHANGE' | 'REFUND', address: string | null): Promise<SwapSnapshot> {
    return this.unwrap(
      this.bus.request(engineResolveSwap, { id, choice, address }, { timeoutMs: TIMEOUT_MS }),
    );
  }

  private async unwrap(
    reply: Promise<{ ok: true; data: SwapSnapshot } | { ok: false; error: RpcError }>,
  ): Promise<SwapSnapshot> {
    let result;
    try {
      result = await reply;
    } catch (error) {
      if (error instanceof BusUnavailableError) throw new EngineUnavailableError('order engine unavailable');
      throw error;
    }
    if (result.ok) return result.data;
    const { code, message, status } = result.error;
    if (status >= 500 || !(Object.values(SwapErrorCode) as string[]).includes(code)) {
      throw new EngineUnavailableError(`order engine error ${code}`);
    }
    throw new SwapError(code as SwapErrorCode, status as SwapError['status'], message);
  }
}
