import { z } from 'zod';
import { CURRENCY_CODES, NETWORKS } from '@swap/domain';
import { decimal, defineRpc, rpcResult, units } from './define';

/**
 * The devnet (D10): simulated chains that the devnet chain adapters talk to. Chain reads and
 * broadcasts are what a node's RPC offers; the `ops.devnet.*` calls are swapctl's (D9) and tests'.
 */
const network = z.enum(NETWORKS);
const currencyCode = z.enum(CURRENCY_CODES);

const blockRef = z.object({ height: z.number().int().nonnegative(), hash: z.string() });

export const devnetTransfer = z.object({
  txid: z.string(),
  index: z.number().int().nonnegative(),
  currency: currencyCode,
  to: z.string(),
  amount: units,
  from: z.array(z.string()),
});
export type DevnetTransfer = z.infer<typeof devnetTransfer>;

export const devnetBlock = blockRef.extend({
  parentHash: z.string(),
  time: z.number().int(),
  transfers: z.array(devnetTransfer),
});
export type DevnetBlock = z.infer<typeof devnetBlock>;

const mined = {
  height: z.number().int(),
  blockHash: z.string(),
  confirmations: z.number().int(),
  time: z.number().int(),
};
export const devnetTxStatus = z.discriminatedUnion('state', [
  z.object({ state: z.literal('unknown') }),
  z.object({ state: z.literal('mempool') }),
  z.object({ state: z.literal('confirmed'), ...mined }),
  z.object({ state: z.literal('failed'), ...mined, reason: z.string() }),
]);

export const devnetTip = defineRpc({
  name: 'devnet.tip',
  version: 1,
  subject: 'devnet.rpc.tip',
  request: z.object({ network }),
  response: rpcResult(blockRef),
});

export const devnetBlockAt = defineRpc({
  name: 'devnet.block',
  version: 1,
  subject: 'devnet.rpc.block',
  request: z.object({ network, height: z.number().int().nonnegative() }),
  response: rpcResult(devnetBlock.nullable()),
});

export const devnetMempool = defineRpc({
  name: 'devnet.mempool',
  version: 1,
  subject: 'devnet.rpc.mempool',
  request: z.object({ network }),
  response: rpcResult(z.array(devnetTransfer)),
});

export const devnetTransaction = defineRpc({
  name: 'devnet.transaction',
  version: 1,
  subject: 'devnet.rpc.transaction',
  request: z.object({ network, txid: z.string() }),
  response: rpcResult(devnetTxStatus),
});

export const devnetBalance = defineRpc({
  name: 'devnet.balance',
  version: 1,
  subject: 'devnet.rpc.balance',
  request: z.object({ network, address: z.string(), currency: currencyCode }),
  response: rpcResult(z.object({ balance: units })),
});

/**
 * What a signer needs to build the next transaction of an address: the account-model nonce (after
 * the address's transactions waiting in the mempool) and the native-coin fee of a transfer of
 * `currency` (the network's coin when absent; a token transfer costs more).
 */
export const devnetAccount = defineRpc({
  name: 'devnet.account',
  version: 1,
  subject: 'devnet.rpc.account',
  request: z.object({ network, address: z.string(), currency: currencyCode.optional() }),
  response: rpcResult(z.object({ nextNonce: z.number().int().nonnegative(), feePerTransfer: units })),
});

/** The native-coin fee of one transfer of `currency` on `network` (for gas top-ups). */
export const devnetFee = defineRpc({
  name: 'devnet.fee',
  version: 1,
  subject: 'devnet.rpc.fee',
  request: z.object({ network, currency: currencyCode }),
  response: rpcResult(z.object({ fee: units })),
});

const submitResult = z.discriminatedUnion('accepted', [
  z.object({ accepted: z.literal(true), txid: z.string() }),
  z.object({ accepted: z.literal(false), reason: z.string() }),
]);

/**
 * Networks whose wallets spend from every address of the account, as a UTXO node's wallet or a
 * Monero wallet with its subaddresses does: a deposit to any of them adds to the hot wallet's coins.
 * On the others each address spends only its own balance (deposits are swept to the hot wallet).
 */
export const DEVNET_WALLET_NETWORKS = ['BTC', 'LTC', 'XMR'] as const;
export type DevnetWalletNetwork = (typeof DEVNET_WALLET_NETWORKS)[number];

export const isDevnetWalletNetwork = (network: string): network is DevnetWalletNetwork =>
  (DEVNET_WALLET_NETWORKS as readonly string[]).includes(network);

/**
 * Addresses up to `index` of the network's account belong to its wallet from now on (as addresses
 * imported into a node's wallet): the devnet derives them from the account's public key. Answers
 * how many addresses the wallet has. Idempotent.
 */
export const devnetExpectAddresses = defineRpc({
  name: 'devnet.expect-addresses',
  version: 1,
  subject: 'devnet.rpc.expect-addresses',
  request: z.object({
    network: z.enum(DEVNET_WALLET_NETWORKS),
    index: z
      .number()
      .int()
      .nonnegative()
      .max(2 ** 31 - 1),
  }),
  response: rpcResult(z.object({ addresses: z.number().int().positive() })),
});

/** Broadcast of signed bytes; the same bytes again are accepted as already known. */
export const devnetSubmit = defineRpc({
  name: 'devnet.submit',
  version: 1,
  subject: 'devnet.rpc.submit',
  request: z.object({ network, raw: z.string() }),
  response: rpcResult(submitResult),
});

/** Several broadcasts taken in their order, one result each (as a node's batched RPC). */
export const devnetSubmitBatch = defineRpc({
  name: 'devnet.submit-batch',
  version: 1,
  subject: 'devnet.rpc.submit-batch',
  request: z.object({ network, raws: z.array(z.string()).min(1).max(256) }),
  response: rpcResult(z.array(submitResult)),
});

// --- operator and test controls (swapctl devnet …) ---------------------------------------------

/** A deposit from an outside (faucet) wallet that enters the mempool now. `amount` is a decimal. */
export const devnetDeposit = defineRpc({
  name: 'devnet.deposit',
  version: 1,
  subject: 'ops.devnet.deposit',
  request: z.object({ currency: currencyCode, address: z.string(), amount: decimal }),
  response: rpcResult(z.object({ txid: z.string() })),
});

export const devnetMine = defineRpc({
  name: 'devnet.mine',
  version: 1,
  subject: 'ops.devnet.mine',
  request: z.object({ network, blocks: z.number().int().positive().max(1000) }),
  response: rpcResult(blockRef),
});

/** While on, transactions paying out `currency` from the network's hot wallet fail on-chain. */
export const devnetFailPayouts = defineRpc({
  name: 'devnet.fail-payouts',
  version: 1,
  subject: 'ops.devnet.fail-payouts',
  request: z.object({ currency: currencyCode, on: z.boolean() }),
  response: rpcResult(z.object({ currency: currencyCode, on: z.boolean() })),
});

/**
 * A reorganisation: the top `depth` blocks are replaced by `depth + 1` new ones holding the same
 * transactions except `drop`, which vanish from the chain and the mempool (a double spend won).
 * With depth 0 it only evicts `drop` from the mempool.
 */
export const devnetReorg = defineRpc({
  name: 'devnet.reorg',
  version: 1,
  subject: 'ops.devnet.reorg',
  request: z.object({ network, depth: z.number().int().nonnegative().max(100), drop: z.array(z.string()) }),
  response: rpcResult(blockRef),
});
