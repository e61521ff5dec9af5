import type { Network } from '@swap/domain';
import type { WatchListRepository } from '@swap/watcher-data';
import { AddressFilter } from './address-filter';
import type { WatchedAddressGate } from './deposit-matcher';

/** Rows per query while loading: a page's rows are garbage once added, and writers wait out its lock. */
const PAGE_SIZE = 10_000;

/**
 * The network's watch list in memory, as fingerprints, so only a block's few transfers that may
 * be deposits reach PostgreSQL. Fed in the order entries were recorded, by any replica, from where
 * it last stopped. It never forgets an address: an ended swap's late deposit and a deposit already
 * known (always to a watched address) must still pass.
 */
export class WatchedAddressFilter implements WatchedAddressGate {
  private readonly addresses = new AddressFilter();
  private lastSeq = 0;

  constructor(
    private readonly watchList: WatchListRepository,
    private readonly network: Network,
    private readonly pageSize = PAGE_SIZE,
  ) {}

  /** A filter holding the network's whole watch list. */
  static async load(watchList: WatchListRepository, network: Network): Promise<WatchedAddressFilter> {
    const filter = new WatchedAddressFilter(watchList, network);
    await filter.refresh();
    return filter;
  }

  /** Distinct address keys held. */
  get size(): number {
    return this.addresses.size;
  }

  /** Adds the entries recorded since the last refresh, a page at a time. */
  async refresh(): Promise<void> {
    // Nothing new is the usual answer, and needs no lock: an entry still in flight is found next time.
    if (!(await this.watchList.anyAfter(this.network, this.lastSeq))) return;
    for (;;) {
      const page = await this.watchList.keysAfter(this.network, this.lastSeq, this.pageSize);
      for (const key of page.keys) this.addresses.add(key);
      // Concurrent refreshes only add the same keys twice; the position never moves back.
      this.lastSeq = Math.max(this.lastSeq, page.lastSeq);
      if (page.keys.length < this.pageSize) return;
    }
  }

  mayBeWatched(addressKey: string): boolean {
    return this.addresses.mayContain(addressKey);
  }
}
