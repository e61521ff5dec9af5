import { parseJsonExact } from '@swap/domain';
import type { ChainBlock, ChainTransfer } from '../chain-reader';

/**
 * A getBlock answer with transactionDetails "accounts" (what the reader asks for): each transaction's
 * account keys (static, then those loaded from lookup tables, in the order of its balances), its
 * signatures and its pre/post lamport balances.
 */
export interface RpcAccountsBlock {
  blockhash: string;
  previousBlockhash: string;
  parentSlot: number;
  blockTime: number | null;
  transactions?: RpcAccountsTransaction[];
}

interface RpcAccountsTransaction {
  transaction: { accountKeys: Array<{ pubkey: string; signer: boolean }>; signatures: string[] };
  meta: { err: unknown; preBalances: Array<number | string>; postBalances: Array<number | string> } | null;
}

/**
 * The block's deposits: every account whose lamports a successful transaction raised, whatever
 * moved them (a System transfer, or a program's CPI: only the balances are looked at). One per
 * (signature, account index), so a rescan can never count one twice. Numbers may be JSON.parse's
 * doubles: a balance beyond 2^53 lamports (9M SOL) cannot be trusted then, and `exact` is false so
 * the caller reads the block again with exact numbers.
 */
export function solanaBlockTransfers(block: RpcAccountsBlock): {
  transfers: ChainTransfer[];
  exact: boolean;
} {
  const transfers: ChainTransfer[] = [];
  let exact = true;
  for (const { transaction, meta } of block.transactions ?? []) {
    // No meta: the node could not say what it did (never counted); err: it failed, nothing moved.
    if (!meta || meta.err !== null) continue;
    const { accountKeys, signatures } = transaction;
    const { preBalances: pre, postBalances: post } = meta;
    let from: string[] | undefined;
    for (let i = 0; i < accountKeys.length; i++) {
      const before = pre[i];
      const after = post[i];
      if (typeof before === 'number' && typeof after === 'number') {
        // Beyond 2^53 a double cannot even tell whether the balance rose: the exact reading will.
        if (!Number.isSafeInteger(before) || !Number.isSafeInteger(after)) {
          exact = false;
          continue;
        }
        if (after <= before) continue;
      } else if (BigInt(after) <= BigInt(before)) continue;
      from ??= accountKeys.filter((key) => key.signer).map((key) => key.pubkey);
      transfers.push({
        txid: signatures[0],
        index: i,
        currency: 'SOL',
        to: accountKeys[i].pubkey,
        amount: BigInt(after) - BigInt(before),
        from,
      });
    }
  }
  return { transfers, exact };
}

/** The ChainBlock of slot `slot` (Solana's heights are slots; see SolanaReader). */
export function solanaChainBlock(
  slot: number,
  block: RpcAccountsBlock,
  transfers: ChainTransfer[],
): ChainBlock {
  return {
    height: slot,
    hash: block.blockhash,
    parentHash: block.previousBlockhash,
    time: block.blockTime ?? 0,
    transfers,
  };
}

/**
 * What the reader makes of a getBlock answer ("accounts" details) for `slot`: `result` parsed with
 * JSON.parse (fast; what a mainnet block of thousands of transactions needs), and the answer's
 * `text`, read again with exact numbers only when a balance went beyond 2^53 lamports.
 */
export function solanaBlockOfAnswer(slot: number, result: RpcAccountsBlock, text: string): ChainBlock {
  let { transfers, exact } = solanaBlockTransfers(result);
  if (!exact) {
    const precise = (parseJsonExact(text) as { result: RpcAccountsBlock }).result;
    ({ transfers, exact } = solanaBlockTransfers(precise));
  }
  return solanaChainBlock(slot, result, transfers);
}
