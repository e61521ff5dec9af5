import { BinanceSource } from './binance.source';
import { BitfinexSource } from './bitfinex.source';
import { BitstampSource } from './bitstamp.source';
import { BybitSource } from './bybit.source';
import { CoinbaseSource } from './coinbase.source';
import { ExchangeSource, ExchangeSourceOptions } from './exchange-source';
import { GateSource } from './gate.source';
import { HtxSource } from './htx.source';
import { KrakenSource } from './kraken.source';
import { KucoinSource } from './kucoin.source';
import { MexcSource } from './mexc.source';
import { OkxSource } from './okx.source';

export type ExchangeName =
  | 'binance'
  | 'kraken'
  | 'coinbase'
  | 'okx'
  | 'bybit'
  | 'kucoin'
  | 'bitfinex'
  | 'gate'
  | 'htx'
  | 'mexc'
  | 'bitstamp';

/** Factory per exchange, keyed by the source's lowercase name. */
export const EXCHANGES: Readonly<Record<ExchangeName, (options?: ExchangeSourceOptions) => ExchangeSource>> =
  {
    binance: (options) => new BinanceSource(options),
    kraken: (options) => new KrakenSource(options),
    coinbase: (options) => new CoinbaseSource(options),
    okx: (options) => new OkxSource(options),
    bybit: (options) => new BybitSource(options),
    kucoin: (options) => new KucoinSource(options),
    bitfinex: (options) => new BitfinexSource(options),
    gate: (options) => new GateSource(options),
    htx: (options) => new HtxSource(options),
    mexc: (options) => new MexcSource(options),
    bitstamp: (options) => new BitstampSource(options),
  };

export const EXCHANGE_NAMES = Object.keys(EXCHANGES) as ExchangeName[];

export function isExchangeName(name: string): name is ExchangeName {
  return Object.prototype.hasOwnProperty.call(EXCHANGES, name);
}

/** The environment variable overriding an exchange's base URL: binance → PRICE_BINANCE_URL. */
export function baseUrlEnvVar(name: ExchangeName): string {
  return `PRICE_${name.toUpperCase()}_URL`;
}
