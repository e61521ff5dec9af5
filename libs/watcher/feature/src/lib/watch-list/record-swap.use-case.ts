import type { SwapSnapshot } from '@swap/contracts';
import { CURRENCIES, FINAL_STATUSES, type Network } from '@swap/domain';
import type { WatchListRepository } from '@swap/watcher-data';
import { addressKey } from '../address-key';

/**
 * Keeps the network's watch list in step with the swap events: the deposit address of every real
 * swap whose source currency is on this network, with its status and when it ended. Events of
 * other networks and dry-run swaps (no chain) are ignored; a redelivered or older event changes
 * nothing (the stored swap version only grows).
 */
export class RecordSwap {
  constructor(
    private readonly watchList: WatchListRepository,
    private readonly network: Network,
    /**
     * Tells the reader's node-side wallet about the address first (Monero subaddresses), so the
     * address is never watched before its deposits can be seen; a failure retries the event.
     */
    private readonly expectAddress: (index: number) => Promise<void> = async () => undefined,
  ) {}

  /** True when the watch list changed. */
  async execute(swap: SwapSnapshot): Promise<boolean> {
    if (swap.dryrun || CURRENCIES[swap.from].network !== this.network) return false;
    if (swap.depositIndex !== null) await this.expectAddress(swap.depositIndex);
    return this.watchList.record({
      network: this.network,
      address: swap.depositAddress,
      addressKey: addressKey(this.network, swap.depositAddress),
      swapId: swap.id,
      currency: swap.from,
      status: swap.status,
      swapVersion: swap.version,
      // The event's own time, not the clock: a replay of the stream stores the same value.
      endedAt: FINAL_STATUSES.includes(swap.status) ? swap.time.update : null,
      registeredAt: swap.time.reg * 1000,
      depositIndex: swap.depositIndex,
    });
  }
}
