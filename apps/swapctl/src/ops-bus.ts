import type { RpcContract, RpcError } from '@swap/contracts';
import type { z } from 'zod';
import { CliError, EXIT } from './cli-error';

/** The one port the commands need: a typed request to whichever service serves the contract. */
export interface OpsBus {
  request<Req extends z.ZodType, Res extends z.ZodType>(
    rpc: RpcContract<Req, Res>,
    body: z.input<Req>,
  ): Promise<z.output<Res>>;
}

/** Runs `work` with a bus that is closed afterwards, whatever happens. */
export type WithBus = <T>(work: (bus: OpsBus) => Promise<T>) => Promise<T>;

export type RpcReply<T> = { ok: true; data: T } | { ok: false; error: RpcError };

/** The data of a successful reply; a business error becomes the operator's error line. */
export function unwrap<T>(reply: RpcReply<T>): T {
  if (reply.ok) return reply.data;
  throw new CliError(reply.error.code, reply.error.message, EXIT.failed);
}

/** "gateway.keys.list" → "gateway": the service named in every error about that RPC. */
export function serviceOf(rpc: { name: string }): string {
  return rpc.name.split('.')[0];
}
