import { MarketMid } from '../price-source';
import { ExchangeSource, ExchangeSourceOptions } from './exchange-source';
import { field, isRecord } from './json-fields';
import { Market, TopOfBook, collectMids } from './mid-price';

export const KRAKEN_URL = 'https://api.kraken.com';

/**
 * Kraken USD markets. The request names pairs by altname (XBTUSD); the answer keys older pairs by
 * their legacy name (XXBTZUSD, XETHZUSD, XLTCZUSD, XXMRZUSD, USDTZUSD) and newer ones by the altname
 * (TRXUSD, SOLUSD, AVAXUSD). Both spellings are accepted for every coin.
 */
export const KRAKEN_MARKETS: readonly Market[] = [
  { coin: 'BTC', symbol: 'XXBTZUSD', quote: 'USD' },
  { coin: 'BTC', symbol: 'XBTUSD', quote: 'USD' },
  { coin: 'ETH', symbol: 'XETHZUSD', quote: 'USD' },
  { coin: 'ETH', symbol: 'ETHUSD', quote: 'USD' },
  { coin: 'LTC', symbol: 'XLTCZUSD', quote: 'USD' },
  { coin: 'LTC', symbol: 'LTCUSD', quote: 'USD' },
  { coin: 'XMR', symbol: 'XXMRZUSD', quote: 'USD' },
  { coin: 'XMR', symbol: 'XMRUSD', quote: 'USD' },
  { coin: 'TRX', symbol: 'TRXUSD', quote: 'USD' },
  { coin: 'SOL', symbol: 'SOLUSD', quote: 'USD' },
  { coin: 'AVAX', symbol: 'AVAXUSD', quote: 'USD' },
  { coin: 'USDT', symbol: 'USDTZUSD', quote: 'USD' },
  { coin: 'USDT', symbol: 'USDTUSD', quote: 'USD' },
];

const PAIRS = ['XBTUSD', 'ETHUSD', 'LTCUSD', 'XMRUSD', 'TRXUSD', 'SOLUSD', 'AVAXUSD', 'USDTUSD'];
const PATH = `/0/public/Ticker?pair=${PAIRS.join(',')}`;

/**
 * Kraken spot: `GET /0/public/Ticker?pair=...` returns `{ error: [], result: { <pair>: { a, b, ... } } }`
 * where `a` is the ask `[price, wholeLotVolume, lotVolume]` and `b` the bid, as strings.
 */
export class KrakenSource extends ExchangeSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('kraken', KRAKEN_URL, options);
  }

  protected override async load(): Promise<Map<string, MarketMid>> {
    const body = await this.getJson(PATH);
    const errors = field(body, 'error');
    // Kraken answers 200 with its errors listed; "E..." entries are errors, "W..." only warnings.
    const failures = Array.isArray(errors) ? errors.filter((e) => !String(e).startsWith('W')) : [];
    if (failures.length > 0) throw this.shapeError(PATH, `returned API error ${failures.join('; ')}`);
    const result = field(body, 'result');
    if (!isRecord(result)) throw this.shapeError(PATH, 'has no result object');
    const books = new Map<string, TopOfBook>();
    for (const [pair, ticker] of Object.entries(result)) {
      books.set(pair, { bid: first(field(ticker, 'b')), ask: first(field(ticker, 'a')) });
    }
    return collectMids(KRAKEN_MARKETS, books);
  }
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : undefined;
}
