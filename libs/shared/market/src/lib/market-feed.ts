import type { Bus, KvWatchHandle } from '@swap/bus';
import { liquidityKv, LiquidityEntry, PriceEntry, pricesKv } from '@swap/contracts';
import { CurrencyCode, UsdPrices } from '@swap/domain';

/** A price older than this is never used to quote or to credit a swap. */
export const PRICE_MAX_AGE_MS = 30_000;

/**
 * An in-memory copy of the `prices` and `liquidity` buckets, kept current by KV watches, so a
 * quote costs no round trip. Readers get only fresh prices.
 */
export class MarketFeed {
  private readonly prices = new Map<string, PriceEntry>();
  private readonly liquidity = new Map<string, LiquidityEntry>();
  private readonly watches: KvWatchHandle[] = [];

  constructor(private readonly clock: () => number = Date.now) {}

  static async open(bus: Bus, clock: () => number = Date.now): Promise<MarketFeed> {
    const feed = new MarketFeed(clock);
    const [prices, liquidity] = await Promise.all([bus.kv(pricesKv), bus.kv(liquidityKv)]);
    feed.watches.push(
      await prices.watch((coin, entry) => (entry ? feed.prices.set(coin, entry) : feed.prices.delete(coin))),
      await liquidity.watch((code, entry) =>
        entry ? feed.liquidity.set(code, entry) : feed.liquidity.delete(code),
      ),
    );
    return feed;
  }

  /** Applies an entry directly (tests, or a service that produced it). */
  setPrice(entry: PriceEntry): void {
    this.prices.set(entry.coin, entry);
  }

  setLiquidity(entry: LiquidityEntry): void {
    this.liquidity.set(entry.code, entry);
  }

  /** USD mid prices by coin, only those refreshed within PRICE_MAX_AGE_MS. */
  freshPrices(): UsdPrices {
    const now = this.clock();
    const fresh: Record<string, string> = {};
    for (const [coin, entry] of this.prices) if (now - entry.at <= PRICE_MAX_AGE_MS) fresh[coin] = entry.usd;
    return fresh;
  }

  priceEntries(): PriceEntry[] {
    return [...this.prices.values()];
  }

  /** Base units the treasury can pay out in `code`; null = no limit known to be set. */
  available(code: CurrencyCode): bigint | null {
    const entry = this.liquidity.get(code);
    return entry?.available == null ? null : BigInt(entry.available);
  }

  close(): void {
    for (const watch of this.watches.splice(0)) watch.stop();
  }
}
