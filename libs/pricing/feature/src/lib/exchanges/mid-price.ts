import { fromUnits, plainDecimal, toUnits, trimZeros } from '@swap/domain';
import { MarketMid, QuoteCurrency } from '../price-source';
import { field } from './json-fields';

/**
 * Mids carry at most this many decimals: the refresher's median works at 18 decimals. Any bid and
 * ask with up to 17 decimals (every real quote) gives an exact mid; beyond that it is truncated.
 */
export const MAX_MID_DECIMALS = 18;

/**
 * Exact mid price (bid + ask) / 2 of two decimal strings, in bigint arithmetic (never `number`).
 * Returns null, so the market is skipped, when either side is missing, not a non-negative decimal
 * string, zero, or when the book is crossed (bid > ask). Exponent strings ("1.5e-7") are accepted.
 * The result is canonical: no trailing zeros ("64998.10" / "64998.20" → "64998.15").
 */
export function midPrice(bid: unknown, ask: unknown): string | null {
  const bidText = typeof bid === 'string' ? plainDecimal(bid) : null;
  const askText = typeof ask === 'string' ? plainDecimal(ask) : null;
  if (bidText === null || askText === null) return null;
  // One extra decimal place makes the halving exact.
  const scale = Math.max(places(bidText), places(askText)) + 1;
  const bidUnits = toUnits(bidText, scale);
  const askUnits = toUnits(askText, scale);
  if (bidUnits <= 0n || askUnits <= 0n || bidUnits > askUnits) return null;
  const mid = (bidUnits + askUnits) / 2n;
  return trimZeros(fromUnits(mid, scale, Math.min(scale, MAX_MID_DECIMALS)));
}

/** One market an exchange quotes a coin on. */
export interface Market {
  coin: string;
  /** The exchange's own symbol or key for the market, e.g. "BTCUSDT", "XXBTZUSD", "tBTCUSD". */
  symbol: string;
  quote: QuoteCurrency;
}

/** USDT markets of `coins` named `<COIN><separator>USDT` (BTCUSDT, BTC-USDT, BTC_USDT). */
export function usdtMarkets(coins: readonly string[], separator = ''): Market[] {
  return coins.map((coin) => ({ coin, symbol: `${coin}${separator}USDT`, quote: 'USDT' }));
}

/** Best bid and ask as the exchange sent them (strings; anything else counts as missing). */
export interface TopOfBook {
  bid: unknown;
  ask: unknown;
}

/** Where one exchange's ticker rows keep a market's symbol, best bid and best ask. */
export interface TickerFields {
  symbol: string;
  bid: string;
  ask: string;
}

/** Top-of-book by symbol from an exchange's ticker rows; a row without a string symbol is skipped. */
export function booksBySymbol(rows: readonly unknown[], fields: TickerFields): Map<string, TopOfBook> {
  const books = new Map<string, TopOfBook>();
  for (const row of rows) {
    const symbol = field(row, fields.symbol);
    if (typeof symbol === 'string')
      books.set(symbol, { bid: field(row, fields.bid), ask: field(row, fields.ask) });
  }
  return books;
}

/**
 * Mid per coin from an exchange's top-of-book by symbol. `markets` is in preference order: the first
 * market of a coin with a usable book wins, so a coin may list a USD market before a USDT one. USDT
 * is only ever priced from a USD market (a USDT-quoted USDT price would be meaningless).
 */
export function collectMids(
  markets: readonly Market[],
  books: ReadonlyMap<string, TopOfBook>,
): Map<string, MarketMid> {
  const prices = new Map<string, MarketMid>();
  for (const market of markets) {
    if (prices.has(market.coin)) continue;
    if (market.coin === 'USDT' && market.quote !== 'USD') continue;
    const book = books.get(market.symbol);
    if (!book) continue;
    const price = midPrice(book.bid, book.ask);
    if (price !== null) prices.set(market.coin, { price, quote: market.quote });
  }
  return prices;
}

function places(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}
