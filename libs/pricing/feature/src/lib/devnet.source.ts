import { fromUnits, toUnits } from '@swap/domain';
import { MarketMid, PriceSource, SourceQuote } from './price-source';

/** Reference USD prices of the devnet, to 8 decimals. */
const BASE_USD: Readonly<Record<string, string>> = {
  BTC: '65000',
  LTC: '85',
  XMR: '160',
  TRX: '0.12',
  ETH: '3200',
  SOL: '150',
  AVAX: '32',
  USDT: '1',
};

const DECIMALS = 8;
const PERIOD_SECONDS = 600;
/** Largest drift from the reference, in basis points. */
const AMPLITUDE_BPS = 50;

/**
 * The devnet's deterministic price source: each coin drifts around its reference price in a
 * triangle wave (±0.5 % over ten minutes, a different phase per coin), so quotes move a little over
 * time yet any moment's prices can be recomputed exactly. USDT stays at 1.
 */
export class DevnetPriceSource implements PriceSource {
  readonly name = 'devnet';

  async fetch(now: number): Promise<SourceQuote> {
    return { source: this.name, at: now, prices: devnetPrices(now) };
  }
}

export function devnetPrices(nowMs: number): Map<string, MarketMid> {
  const seconds = Math.floor(nowMs / 1000);
  const prices = new Map<string, MarketMid>();
  Object.entries(BASE_USD).forEach(([coin, base], index) => {
    const drift = coin === 'USDT' ? 0 : triangle(seconds + index * 97);
    const units = (toUnits(base, DECIMALS) * BigInt(10_000 + drift)) / 10_000n;
    prices.set(coin, { price: fromUnits(units, DECIMALS), quote: 'USD' });
  });
  return prices;
}

/** Integer triangle wave in [-AMPLITUDE_BPS, AMPLITUDE_BPS] with period PERIOD_SECONDS. */
function triangle(seconds: number): number {
  const phase = seconds % PERIOD_SECONDS;
  const half = PERIOD_SECONDS / 2;
  const rising = phase < half ? phase : PERIOD_SECONDS - phase;
  return Math.round((rising / half) * 2 * AMPLITUDE_BPS - AMPLITUDE_BPS);
}
