import { MarketMid } from '../price-source';
import { parseJsonExact } from '@swap/domain';
import { ExchangeSource, ExchangeSourceOptions } from './exchange-source';
import { Market, TopOfBook, collectMids } from './mid-price';

export const BITFINEX_URL = 'https://api-pub.bitfinex.com';

/** Bitfinex USD markets. Tether is "UST" there (tUSTUSD); symbols over three letters use a colon. */
export const BITFINEX_MARKETS: readonly Market[] = [
  { coin: 'BTC', symbol: 'tBTCUSD', quote: 'USD' },
  { coin: 'ETH', symbol: 'tETHUSD', quote: 'USD' },
  { coin: 'LTC', symbol: 'tLTCUSD', quote: 'USD' },
  { coin: 'XMR', symbol: 'tXMRUSD', quote: 'USD' },
  { coin: 'TRX', symbol: 'tTRXUSD', quote: 'USD' },
  { coin: 'SOL', symbol: 'tSOLUSD', quote: 'USD' },
  { coin: 'AVAX', symbol: 'tAVAX:USD', quote: 'USD' },
  { coin: 'USDT', symbol: 'tUSTUSD', quote: 'USD' },
];

const PATH = `/v2/tickers?symbols=${BITFINEX_MARKETS.map((m) => m.symbol).join(',')}`;

/** Trading-pair ticker row: [SYMBOL, BID, BID_SIZE, ASK, ASK_SIZE, DAILY_CHANGE, ...]. */
const BID = 1;
const ASK = 3;

/**
 * Bitfinex v2: `GET /v2/tickers?symbols=...` returns an array of arrays whose prices are JSON
 * numbers, so the body is parsed with parseJsonExact: each number keeps its exact source text and
 * never passes through a double. Errors come as `["error", code, message]`.
 */
export class BitfinexSource extends ExchangeSource {
  constructor(options: ExchangeSourceOptions = {}) {
    super('bitfinex', BITFINEX_URL, options);
  }

  protected override async load(): Promise<Map<string, MarketMid>> {
    const body = await this.getJson(PATH, parseJsonExact);
    if (!Array.isArray(body)) throw this.shapeError(PATH, 'did not return an array of tickers');
    if (body[0] === 'error') throw this.shapeError(PATH, `returned API error ${body.slice(1).join(' ')}`);
    const books = new Map<string, TopOfBook>();
    for (const row of body) {
      if (Array.isArray(row) && typeof row[0] === 'string')
        books.set(row[0], { bid: row[BID], ask: row[ASK] });
    }
    return collectMids(BITFINEX_MARKETS, books);
  }
}
