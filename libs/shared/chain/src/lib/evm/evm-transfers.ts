import { getAddress } from 'ethers';
import type { ChainTransfer } from '../chain-reader';
import { decodeTransferCall, decodeTransferLog } from './erc20';
import type { EvmNetwork } from './evm-config';
import type { RpcLog, RpcTransaction } from './evm-json';

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A transaction sending value to an address: one native transfer (index 0). Once mined it cannot
 * have failed when the recipient is an EOA, such as a deposit address, so no receipt is read: a
 * plain value transfer runs no code, and all that could stop it (balance, nonce, intrinsic gas)
 * is a validity rule no block may break. (Deposit addresses never sign an EIP-7702 delegation, so
 * they stay code-less.)
 * Known limit: value a contract forwards (an internal transfer, e.g. from an exchange's wallet
 * contract) is in no transaction's `value`, and stays unseen without call traces.
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
