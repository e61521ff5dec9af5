import { Transaction } from 'ethers';
import type { PendingTransactions } from '../chain-sender';
import { rpcQuantity } from './evm-json';
import type { EvmRpc } from './evm-rpc';

/**
 * The next nonce of an address: past both what the node knows (its pending transaction count)
 * and what the treasury signed and stored but may never have broadcast (a crash in between).
 * Reusing such a nonce would make two transactions of which only one can land; skipping one
 * would leave a gap that stalls every later transaction.
 */
export function nextNonce(address: string, nodeCount: number, storedRaws: readonly string[]): number {
  return storedRaws
    .map((raw) => Transaction.from(raw))
    .filter((tx) => tx.from?.toLowerCase() === address.toLowerCase())
    .reduce((next, tx) => Math.max(next, tx.nonce + 1), nodeCount);
}

/** Hands out consecutive nonces per address within one batch, asking node and store once. */
export class NonceCounter {
  private readonly next = new Map<string, number>();

  constructor(
    private readonly rpc: EvmRpc,
    private readonly pending: PendingTransactions,
  ) {}

  async take(address: string): Promise<number> {
    const key = address.toLowerCase();
    const nonce = this.next.get(key) ?? (await this.first(address));
    this.next.set(key, nonce + 1);
    return nonce;
  }

  private async first(address: string): Promise<number> {
    const [count, stored] = await Promise.all([
      this.rpc.call('eth_getTransactionCount', [address, 'pending']),
      this.pending.signedFrom(address),
    ]);
    const raws = stored.filter((tx) => tx.network === this.rpc.network).map((tx) => tx.raw);
    return nextNonce(address, Number(rpcQuantity.parse(count)), raws);
  }
}
