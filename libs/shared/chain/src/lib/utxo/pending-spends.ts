import { bytesToHex } from '@noble/hashes/utils.js';
import { Transaction } from 'bitcoinjs-lib';
import type { PendingTransactions } from '../chain-sender';

export const outpoint = (txid: string, vout: number) => `${txid}:${vout}`;

/**
 * Outputs spent by transactions the treasury signed from `hotAddress` and stored, which the node
 * may not have seen yet: a new payout must never spend them again, or one of the two is lost.
 */
export async function pendingSpends(pending: PendingTransactions, hotAddress: string): Promise<Set<string>> {
  const spent = new Set<string>();
  for (const tx of await pending.signedFrom(hotAddress))
    for (const input of Transaction.fromHex(tx.raw).ins)
      spent.add(outpoint(bytesToHex(input.hash.slice().reverse()), input.index));
  return spent;
}
