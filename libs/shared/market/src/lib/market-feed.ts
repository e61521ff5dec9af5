import type { Bus, KvWatchHandle } from '@swap/bus';
import {
  CurrencySettings,
  currencySettingsKv,
  defaultCurrencySettings,
  defaultPairSettings,
  liquidityKv,
  LiquidityEntry,
  PairSettings,
  pairSettingsKey,
  pairSettingsKv,
  PriceEntry,
  pricesKv,
} from '@swap/contracts';
import { CurrencyCode, UsdPrices, type Clock } from '@swap/domain';

/** A price older than this is never used to quote or to credit a swap. */
export const PRICE_MAX_AGE_MS = 30_000;

/**
 * The treasury publishes every currency's liquidity every few seconds (LIQUIDITY_REFRESH_SECONDS,
 * 10 by default). One older than this means it stopped, or cannot read the hot wallet's balance:
 * nothing is quoted or credited against it. The default of LIQUIDITY_MAX_AGE_SECONDS.
 */
export const LIQUIDITY_MAX_AGE_MS = 120_000;

/**
 * An in-memory copy of the `prices`, `liquidity` and operator settings buckets, kept current by KV
 * watches, so a quote costs no round trip. Readers get only fresh prices.
 */
export class MarketFeed {
  private readonly prices = new Map<string, PriceEntry>();
  private readonly liquidity = new Map<string, LiquidityEntry>();
  private readonly currencySettings = new Map<string, CurrencySettings>();
  private readonly pairSettings = new Map<string, PairSettings>();
  private readonly watches: KvWatchHandle[] = [];
  /** The last freshPrices() answer, valid while no price changes and none of its prices ages out. */
  private fresh: { prices: UsdPrices; from: number; until: number } | undefined;
  private changes = 0;

  constructor(
    private readonly clock: Clock = Date.now,
    private readonly liquidityMaxAgeMs = LIQUIDITY_MAX_AGE_MS,
  ) {}

  static async open(
    bus: Bus,
    clock: Clock = Date.now,
    liquidityMaxAgeMs = LIQUIDITY_MAX_AGE_MS,
  ): Promise<MarketFeed> {
    const feed = new MarketFeed(clock, liquidityMaxAgeMs);
    const [prices, liquidity, currencies, pairs] = await Promise.all([
      bus.kv(pricesKv),
      bus.kv(liquidityKv),
      bus.kv(currencySettingsKv),
      bus.kv(pairSettingsKv),
    ]);
    feed.watches.push(
      await prices.watch((coin, entry) => (entry ? feed.setPrice(entry) : feed.deletePrice(coin))),
      await liquidity.watch((code, entry) => feed.apply(feed.liquidity, code, entry)),
      await currencies.watch((code, entry) => feed.apply(feed.currencySettings, code, entry)),
      await pairs.watch((key, entry) => feed.apply(feed.pairSettings, key, entry)),
    );
    return feed;
  }

  /**
   * Moves on with every change the feed receives (a price, liquidity, a setting), so a reader can
   * keep what it derived from the feed until the next one. A price ageing out changes what
   * freshPrices() answers, not the revision.
   */
  get revision(): number {
    return this.changes;
  }

  /** Applies an entry directly (tests, or a service that produced it). */
  setPrice(entry: PriceEntry): void {
    this.fresh = undefined;
    this.apply(this.prices, entry.coin, entry);
  }

  deletePrice(coin: string): void {
    this.fresh = undefined;
    this.apply(this.prices, coin, null);
  }

  setLiquidity(entry: LiquidityEntry): void {
    this.apply(this.liquidity, entry.code, entry);
  }

  setCurrencySettings(entry: CurrencySettings): void {
    this.apply(this.currencySettings, entry.code, entry);
  }

  setPairSettings(entry: PairSettings): void {
    this.apply(this.pairSettings, pairSettingsKey(entry.from, entry.to), entry);
  }

  /**
   * USD mid prices by coin, only those refreshed within PRICE_MAX_AGE_MS. The answer is frozen and
   * shared until a price changes or one of them ages out, so quotes can remember what they derive
   * from it (the rates of marketRate).
   */
  freshPrices(): UsdPrices {
    const now = this.clock();
    const cached = this.fresh;
    if (cached && now >= cached.from && now <= cached.until) return cached.prices;
    const fresh: Record<string, string> = {};
    // Until the first included price ages out; an excluded one only comes back with an update.
    let until = Infinity;
    for (const [coin, entry] of this.prices) {
      if (entry.usd !== null && now - entry.at <= PRICE_MAX_AGE_MS) {
        fresh[coin] = entry.usd;
        until = Math.min(until, entry.at + PRICE_MAX_AGE_MS);
      }
    }
    const prices = Object.freeze(fresh);
    this.fresh = { prices, from: now, until };
    return prices;
  }

  priceEntries(): PriceEntry[] {
    return [...this.prices.values()];
  }

  /**
   * False when the treasury's last word on `code` is older than the liquidity's maximum age. Before its
   * first word there is no limit to trust or distrust (a fresh install): true.
   */
  liquidityFresh(code: CurrencyCode): boolean {
    const entry = this.liquidity.get(code);
    return entry === undefined || this.clock() - entry.at <= this.liquidityMaxAgeMs;
  }

  /** Base units the treasury can pay out in `code`; null = no limit known to be set. */
  available(code: CurrencyCode): bigint | null {
    const entry = this.liquidity.get(code);
    return entry?.available == null ? null : BigInt(entry.available);
  }

  /** The operator's switches for `code`; the defaults while none are set. */
  currency(code: CurrencyCode): CurrencySettings {
    return this.currencySettings.get(code) ?? defaultCurrencySettings(code);
  }

  /** The operator's switches for the pair; the defaults while none are set. */
  pair(from: CurrencyCode, to: CurrencyCode): PairSettings {
    return this.pairSettings.get(pairSettingsKey(from, to)) ?? defaultPairSettings(from, to);
  }

  /** Sets (or, for null, deletes) one entry of a bucket's copy. */
  private apply<T>(entries: Map<string, T>, key: string, entry: T | null): void {
    if (entry) entries.set(key, entry);
    else entries.delete(key);
    this.changes++;
  }

  close(): void {
    for (const watch of this.watches.splice(0)) watch.stop();
  }
}
