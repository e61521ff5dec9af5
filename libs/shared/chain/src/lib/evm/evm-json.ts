import { z } from 'zod';

/**
 * The parts of EVM JSON-RPC answers the adapters read, checked on arrival: a node that answers
 * something else fails loudly here rather than as a wrong amount later. Quantities are hex strings
 * (never JSON numbers), so amounts go straight to bigint.
 */
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'hex data');
const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, '32-byte hash');
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, '20-byte address');
const quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]+$/, 'hex quantity')
  .transform((text) => BigInt(text));
const height = quantity.transform(Number);

export const rpcTransaction = z.object({
  hash,
  from: address,
  /** Null (or absent, on some nodes) for a contract creation. */
  to: address.nullish().transform((to) => to ?? null),
  value: quantity,
  input: hex,
  nonce: height,
});
export type RpcTransaction = z.infer<typeof rpcTransaction>;

export const rpcBlockHeader = z.object({
  number: height,
  hash,
  parentHash: hash,
  timestamp: height,
  baseFeePerGas: quantity.optional(),
});

export const rpcBlock = rpcBlockHeader.extend({ transactions: z.array(rpcTransaction) });

/** eth_getBlockByNumber("pending"): nodes leave hash and number out of a block not mined yet. */
export const rpcPendingBlock = z.object({ transactions: z.array(rpcTransaction) });

export const rpcLog = z.object({
  address,
  topics: z.array(hash),
  data: hex,
  transactionHash: hash,
  logIndex: height,
  removed: z.boolean().optional(),
});
export type RpcLog = z.infer<typeof rpcLog>;

export const rpcReceipt = z.object({
  transactionHash: hash,
  blockHash: hash,
  blockNumber: height,
  /** 1 success, 0 reverted (post-Byzantium). */
  status: height,
  gasUsed: quantity,
  /** What each unit of gas cost in the block it was mined in (base fee + the tip paid). */
  effectiveGasPrice: quantity,
});

export const rpcQuantity = quantity;
export const rpcLogs = z.array(rpcLog);

/** A callTracer frame: the call, its value (absent for static and delegate calls) and subcalls. */
export interface RpcCallFrame {
  type: string;
  from: string;
  to?: string;
  value?: bigint;
  error?: string;
  calls?: RpcCallFrame[];
}

const callFrame: z.ZodType<RpcCallFrame, unknown> = z.lazy(() =>
  z.object({
    type: z.string(),
    from: address,
    to: address.optional(),
    value: quantity.optional(),
    error: z.string().optional(),
    calls: z.array(callFrame).optional(),
  }),
);

/** debug_traceBlockByNumber with the callTracer: one top-level frame per transaction, in block order. */
export const rpcBlockTraces = z.array(z.object({ txHash: hash, result: callFrame }));
export type RpcBlockTrace = z.infer<typeof rpcBlockTraces>[number];
