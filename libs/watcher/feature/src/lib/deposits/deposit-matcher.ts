import type { ChainTransfer } from '@swap/chain';
import { CURRENCIES, type Network, type Clock } from '@swap/domain';
import type { DepositRepository, DepositSighting, WatchListRepository } from '@swap/watcher-data';
import { addressKey } from '../address-key';
import type { WatcherSettings } from '../watcher.settings';
import { WatchedAddressFilter } from './watched-address-filter';

const DAY_SECONDS = 24 * 60 * 60;

/** `<network>:<txid>:<index>`: names a deposit for good, across rescans and restarts. */
export const depositId = (network: Network, transfer: Pick<ChainTransfer, 'txid' | 'index'>): string =>
  `${network}:${transfer.txid}:${transfer.index}`;

/** Answers from memory whether an address may be watched; a false "yes" only costs a query. */
export interface WatchedAddressGate {
  /** Catches up with the watch list: called before each match. */
  refresh(): Promise<void>;
  mayBeWatched(addressKey: string): boolean;
}

/**
 * Picks the deposits out of a block's or the mempool's transfers: a transfer to a watched address,
 * in the swap's source currency (from anyone, the treasury included), or one already known.
 * Only the transfers the gate lets through are looked up in PostgreSQL.
 */
export class DepositMatcher {
  constructor(
    private readonly watchList: WatchListRepository,
    private readonly deposits: DepositRepository,
    private readonly gate: WatchedAddressGate,
    private readonly settings: WatcherSettings,
    private readonly clock: Clock,
  ) {}

  /** The matcher as the watcher runs it: behind a filter loaded with the network's whole watch list. */
  static async open(
    watchList: WatchListRepository,
    deposits: DepositRepository,
    settings: WatcherSettings,
    clock: Clock,
  ): Promise<DepositMatcher> {
    const filter = await WatchedAddressFilter.load(watchList, settings.network);
    return new DepositMatcher(watchList, deposits, filter, settings, clock);
  }

  async match(transfers: ChainTransfer[]): Promise<DepositSighting[]> {
    const { network } = this.settings;
    if (transfers.length === 0) return [];
    await this.gate.refresh();
    // Whoever sends it: a payout or refund of one swap to another swap's deposit address (an
    // integrator chaining swaps) is that swap's deposit. The treasury's own gas top-ups are
    // another currency, which the currency check below leaves out.
    const incoming = transfers.filter((transfer) => this.gate.mayBeWatched(addressKey(network, transfer.to)));
    if (incoming.length === 0) return [];
    const keys = [...new Set(incoming.map((transfer) => addressKey(network, transfer.to)))];
    const [known, watched] = await Promise.all([
      this.deposits.findByIds(incoming.map((transfer) => depositId(network, transfer))),
      this.watchList.findWatched(network, keys, this.endedSince()),
    ]);
    const knownById = new Map(known.map((deposit) => [deposit.id, deposit]));
    const watchedByKey = new Map(watched.map((entry) => [entry.addressKey, entry]));

    const sightings = new Map<string, DepositSighting>();
    for (const transfer of incoming) {
      const id = depositId(network, transfer);
      // A deposit once seen is never forgotten, even after its address left the watch list.
      const prior = knownById.get(id);
      const entry = watchedByKey.get(addressKey(network, transfer.to));
      if (prior) sightings.set(id, prior);
      // Another currency to the address (a gas top-up of ETH to a USDTERC address) is no deposit.
      else if (entry && entry.currency === transfer.currency) {
        sightings.set(id, {
          id,
          network,
          swapId: entry.swapId,
          address: entry.address,
          currency: transfer.currency,
          txid: transfer.txid,
          index: transfer.index,
          amount: transfer.amount,
          requiredConfirmations: CURRENCIES[transfer.currency].reqConfirmations,
          seenAt: this.clock(),
          spends: transfer.spends ?? [],
        });
      }
    }
    return [...sightings.values()];
  }

  /** Ended swaps stay watched this long (UNIX seconds), for late deposits. */
  private endedSince(): number {
    return Math.floor(this.clock() / 1000) - this.settings.retentionDays * DAY_SECONDS;
  }
}
