import type { PriceEntry, PriceSourceView } from '@swap/contracts';

/** One coin of `swapctl prices`: the entry with the rules it was priced by. */
export type CoinPrice = PriceEntry & { minSources: number; maxDeviation: string };

/**
 * Each coin's price in use (or why it has none) with its age, sources used against the minimum and
 * the largest deviation allowed; under it, one line per source saying what became of its price.
 */
export function formatPrices(coins: readonly CoinPrice[], now: number): string {
  if (coins.length === 0) return 'no prices yet: the pricing service has not priced any coin\n';
  return coins.map((coin) => coinLine(coin, now) + sourceLines(coin.sources, now)).join('');
}

function coinLine(coin: CoinPrice, now: number): string {
  const used = coin.sources.filter((s) => s.status === 'used').length;
  return (
    [
      coin.coin,
      coin.usd === null ? `unavailable: ${coin.reason ?? 'no reason given'}` : `${coin.usd} USD`,
      `age ${age(coin.at, now)}`,
      `sources used ${used} (min ${coin.minSources})`,
      `max deviation ${fractionAsPercent(coin.maxDeviation)} %`,
    ].join('  ') + '\n'
  );
}

function sourceLines(sources: readonly PriceSourceView[], now: number): string {
  const rows = sources.map((s) => [
    s.name,
    s.status,
    s.usd ?? '-',
    s.at === null ? '-' : age(s.at, now),
    s.detail ?? '',
  ]);
  const widths = rows.length ? rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length))) : [];
  return rows
    .map(
      (row) =>
        `  ${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ')}`.trimEnd() +
        '\n',
    )
    .join('');
}

/** Whole seconds since `at` (Unix ms); a clock behind the service's counts as 0. */
const age = (at: number, now: number): string => `${Math.max(0, Math.floor((now - at) / 1000))} s`;

/** "0.02" → "2", "0.025" → "2.5": a fraction as an exact percentage. */
export function fractionAsPercent(fraction: string): string {
  const [whole, decimals = ''] = fraction.split('.');
  const digits = whole + decimals.padEnd(2, '0');
  const point = whole.length + 2;
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(point).replace(/0+$/, '');
  return rest ? `${integer}.${rest}` : integer;
}
