import { getAddress } from 'ethers';
import type { ChainTransfer } from '../chain-reader';
import { decodeTransferCall, decodeTransferLog } from './erc20';
import type { EvmNetwork } from './evm-config';
import type { RpcBlockTrace, RpcCallFrame, RpcLog, RpcTransaction } from './evm-json';

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A transaction sending value to an address: one native transfer (index 0). Once mined it cannot
 * have failed when the recipient is an EOA, such as a deposit address, so no receipt is read: a
 * plain value transfer runs no code, and all that could stop it (balance, nonce, intrinsic gas)
 * is a validity rule no block may break. (Deposit addresses never sign an EIP-7702 delegation, so
 * they stay code-less.)
 * Value a contract forwards (an internal transfer, e.g. from a smart-contract wallet) is in no
 * transaction's `value`: see tracedTransfers.
 */
export function nativeTransfer(tx: RpcTransaction, currency: EvmNetwork): ChainTransfer | null {
  if (tx.to === null || tx.value === 0n) return null;
  return {
    txid: tx.hash,
    index: 0,
    currency,
    to: getAddress(tx.to),
    amount: tx.value,
    from: [getAddress(tx.from)],
  };
}

/**
 * A waiting transaction calling `transfer(to, amount)` on the token contract, as wallets send
 * tokens. Before mining there are no logs: the calldata is all there is. Index 0, as the first
 * Transfer of its transaction once mined (see tokenLogTransfers).
 */
export function tokenCallTransfer(tx: RpcTransaction, contract: string): ChainTransfer | null {
  if (tx.to === null || !sameAddress(tx.to, contract)) return null;
  const call = decodeTransferCall(tx.input);
  if (!call || call.amount === 0n) return null;
  return { txid: tx.hash, index: 0, currency: 'USDTERC', ...call, from: [getAddress(tx.from)] };
}

/**
 * The token's Transfer events among one block's logs. `index` counts the token's Transfer events
 * within their own transaction (0 for a plain transfer()), not the block-wide log index: the same
 * transfer then keeps its (txid, index) from the mempool to its block, and when a reorg mines it
 * again at another position of another block. Zero-amount events (address-poisoning spam) are
 * dropped but still counted, so indices do not depend on that choice.
 */
export function tokenLogTransfers(logs: readonly RpcLog[], contract: string): ChainTransfer[] {
  const counted = new Map<string, number>();
  const transfers: ChainTransfer[] = [];
  const ordered = logs
    .filter((log) => !log.removed && sameAddress(log.address, contract))
    .sort((a, b) => a.logIndex - b.logIndex);
  for (const log of ordered) {
    const move = decodeTransferLog(log.topics, log.data);
    if (!move) continue;
    const index = counted.get(log.transactionHash) ?? 0;
    counted.set(log.transactionHash, index + 1);
    if (move.amount === 0n) continue;
    transfers.push({
      txid: log.transactionHash,
      index,
      currency: 'USDTERC',
      to: move.to,
      amount: move.amount,
      from: [move.from],
    });
  }
  return transfers;
}

/** Frames that move value to their `to`: a call, and a self-destruct handing over the balance. */
const MOVES_VALUE = new Set(['CALL', 'SELFDESTRUCT']);

/**
 * Every native value transfer of one mined transaction, from its call trace: the transaction's own
 * value at index 0 (as nativeTransfer numbers it, so a deposit seen in the mempool keeps its id),
 * and the value its calls forward at the position of their frame in the trace, depth first (1, 2,
 * …, counting every frame, so the numbering does not depend on which frames carry value). A frame
 * that failed, or whose caller failed, moved nothing.
 */
export function tracedTransfers(trace: RpcBlockTrace, currency: EvmNetwork): ChainTransfer[] {
  const transfers: ChainTransfer[] = [];
  let position = 0;
  const visit = (frame: RpcCallFrame, failed: boolean) => {
    const index = position++;
    const undone = failed || frame.error !== undefined;
    const value = frame.value ?? 0n;
    if (!undone && value > 0n && frame.to !== undefined && MOVES_VALUE.has(frame.type.toUpperCase()))
      transfers.push({
        txid: trace.txHash,
        index,
        currency,
        to: getAddress(frame.to),
        amount: value,
        from: [getAddress(frame.from)],
      });
    for (const call of frame.calls ?? []) visit(call, undone);
  };
  visit(trace.result, false);
  return transfers;
}
