import { rpcQuantity } from './evm-json';
import type { EvmRpc } from './evm-rpc';

/**
 * Wei each sending address of a batch has left: its latest balance less what the batch's earlier
 * transactions from it may spend. Transactions already in the pool are not deducted: the node
 * refuses one that overdraws, and the treasury plans from the same balance.
 */
export class FundsCounter {
  private readonly left = new Map<string, bigint>();

  constructor(private readonly rpc: EvmRpc) {}

  async available(address: string): Promise<bigint> {
    const key = address.toLowerCase();
    let left = this.left.get(key);
    if (left === undefined) {
      left = rpcQuantity.parse(await this.rpc.call('eth_getBalance', [address, 'latest']));
      this.left.set(key, left);
    }
    return left;
  }

  /** Call after available(address). */
  spend(address: string, wei: bigint): void {
    const key = address.toLowerCase();
    this.left.set(key, (this.left.get(key) ?? 0n) - wei);
  }
}
