import { z } from 'zod';
import { toUnits } from '@swap/domain';
import type { RpcCallOptions, UtxoRpc } from './utxo-rpc';

/*
 * Shapes of the node answers the adapters read. Answers are parsed exactly (see UtxoRpc), so
 * numbers arrive as decimal strings; unknown fields (litecoind's MWEB ones) are ignored.
 */

const integer = z
  .string()
  .regex(/^-?\d+$/)
  .transform(Number);
/** A coin amount ("0.10000000") in base units: 8 decimals on both networks. */
const coins = z
  .string()
  .regex(/^\d+(\.\d{1,8})?$/)
  .transform((text) => toUnits(text, 8));
const hex = z.string().regex(/^([0-9a-f]{2})*$/);

export const verboseTx = z.object({
  txid: hex,
  // A coinbase input spends no coin: it has neither txid nor vout.
  vin: z.array(z.object({ txid: hex.optional(), vout: integer.optional() })).default([]),
  vout: z.array(
    z.object({
      value: coins.optional(),
      n: integer,
      // MWEB outputs on litecoind carry no script.
      scriptPubKey: z.object({ hex }).optional(),
    }),
  ),
  blockhash: hex.optional(),
});
export type VerboseTx = z.infer<typeof verboseTx>;

export const verboseBlock = z.object({
  hash: hex,
  height: integer,
  /** -1 once the block left the best chain. */
  confirmations: integer,
  previousblockhash: hex.optional(),
  time: integer,
  tx: z.array(verboseTx),
});

export const blockHeader = z.object({ hash: hex, height: integer, confirmations: integer, time: integer });

export const walletTx = z.object({
  confirmations: integer,
  blockhash: hex.optional(),
  blockheight: integer.optional(),
  blocktime: integer.optional(),
});

export const unspent = z.array(
  z.object({
    txid: hex,
    vout: integer,
    amount: coins,
    confirmations: integer,
    scriptPubKey: hex,
    desc: z.string().optional(),
  }),
);
export type Unspent = z.infer<typeof unspent>[number];

export const smartFee = z.object({ feerate: coins.optional() });
export const mempoolInfo = z.object({ mempoolminfee: coins });

export const txids = z.array(hex);
export const strings = z.array(z.string());

export const importResults = z.array(
  z.object({ success: z.boolean(), error: z.object({ message: z.string() }).optional() }),
);

export const addressInfo = z.object({
  iswatchonly: z.boolean().optional(),
  ismine: z.boolean().optional(),
  hdkeypath: z.string().optional(),
});

/** decodescript: litecoind 0.21 lists `addresses`, newer Cores give `address`. */
export const decodedScript = z.object({
  address: z.string().optional(),
  addresses: z.array(z.string()).optional(),
});

export const descriptorInfo = z.object({ checksum: z.string() });

/** getwalletinfo: `descriptors` is absent on nodes older than descriptor wallets (legacy, then). */
export const walletInfo = z.object({ descriptors: z.boolean().optional() });

/** Validates an answer, naming the method when the node sent something unexpected. */
export function parseAnswer<T extends z.ZodType>(schema: T, answer: unknown, method: string): z.output<T> {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new Error(`unexpected answer to ${method}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** One call whose answer must have `schema`'s shape. */
export async function query<T extends z.ZodType>(
  rpc: UtxoRpc,
  schema: T,
  method: string,
  params: unknown[] = [],
  options?: RpcCallOptions,
): Promise<z.output<T>> {
  return parseAnswer(schema, await rpc.call(method, params, options), method);
}
