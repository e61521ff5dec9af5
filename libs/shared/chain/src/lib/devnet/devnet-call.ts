import type { Bus } from '@swap/bus';
import type { RpcContract, RpcError } from '@swap/contracts';
import type { z } from 'zod';

/** The devnet answered with a business error (unknown transaction, bad address…). */
export class DevnetRpcError extends Error {
  override readonly name = 'DevnetRpcError';

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface DevnetCallOptions {
  /** How long one call waits for the devnet (default 5 s). */
  timeoutMs?: number;
}

type Reply<T> = { ok: true; data: T } | { ok: false; error: RpcError };

/**
 * One devnet RPC: its data, or a DevnetRpcError for a business error. An unreachable devnet
 * throws the bus's BusUnavailableError, as an unreachable node would.
 */
export async function devnetCall<Req extends z.ZodType, T>(
  bus: Bus,
  rpc: RpcContract<Req, z.ZodType<Reply<T>>>,
  body: z.input<Req>,
  options: DevnetCallOptions,
): Promise<T> {
  const reply = await bus.request(rpc, body, { timeoutMs: options.timeoutMs ?? 5000 });
  if (!reply.ok) throw new DevnetRpcError(reply.error.code, reply.error.message);
  return reply.data;
}
