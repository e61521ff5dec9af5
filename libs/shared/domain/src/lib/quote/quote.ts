/** Section 2.4: a quote for a pair, in base units, from USD mid prices. */
import { CURRENCIES, CurrencyCode } from '../currencies';
import { ceilUnits } from '../money';
import { Direction, RateType } from '../swap';
import { inputForOutput, outputForDeposit } from './conversion';
import { totalFeePercent } from './fees';
import { inverseRate, marketRate, usdPrice, UsdPrices } from './market-rate';
import { mul, pow10, ratio, toFixedDecimal } from './ratio';

export interface QuoteInput {
  /** USD mid price per coin ticker, e.g. { BTC: '60000.12', USDT: '1.0001' }. */
  prices: UsdPrices;
  from: CurrencyCode;
  to: CurrencyCode;
  /** Ignored for direction `to`, which is always fixed-rate. */
  type: RateType;
  direction: Direction;
  /** Base units of `from` (direction from) or `to` (direction to), at that currency's API precision. */
  amount: bigint;
  /** The key's volume share, a decimal string; default "0". */
  partnerPercent?: string;
  /** Pair minimum, from-currency base units. */
  min: bigint;
  /** Liquidity made available for the pair, from-currency base units; null = no limit, 0n = none. */
  max: bigint | null;
}

export interface Quote {
  from: CurrencyCode;
  to: CurrencyCode;
  type: RateType;
  direction: Direction;
  /** To-coin per 1 from-coin at the mid price, before the fee. */
  rate: string;
  /** From-coin per 1 to-coin. */
  inverseRate: string;
  /** What the user sends (from base units); for direction `to` rounded up so it is enough. */
  amountFrom: bigint;
  /** What the user receives after the fee (to base units), rounded down to the API precision. */
  amountTo: bigint;
  /** Absolute fee (to base units): gross output minus amountTo. */
  feeAmount: bigint;
  /** Service fee plus partner share, e.g. "0.25". */
  feePercent: string;
  partnerPercent: string;
  min: bigint;
  /** Output of `min`. */
  minTo: bigint;
  max: bigint | null;
  maxTo: bigint | null;
  /** USD values with 2 decimals (rounded half up). */
  usdFrom: string;
  usdTo: string;
  /** amountTo for fixed-rate quotes; null for float. */
  guaranteedAmount: bigint | null;
}

function usdValue(units: bigint, code: CurrencyCode, prices: UsdPrices): string {
  const value = mul(ratio(units), pow10(-CURRENCIES[code].chainDecimals), usdPrice(prices, code));
  return toFixedDecimal(value, 2, 'halfUp');
}

export interface QuoteTerms {
  /** Direction `to` is always fixed-rate. */
  type: RateType;
  partnerPercent: string;
  feePercent: string;
  rate: string;
}

/** The rate type, fee and rate a quote applies: the same for every amount of a pair. */
export function quoteTerms(
  input: Pick<QuoteInput, 'prices' | 'from' | 'to' | 'type' | 'direction' | 'partnerPercent'>,
): QuoteTerms {
  const type: RateType = input.direction === 'to' ? 'fixed' : input.type;
  const partnerPercent = input.partnerPercent ?? '0';
  return {
    type,
    partnerPercent,
    feePercent: totalFeePercent(type, partnerPercent),
    rate: marketRate(input.prices, input.from, input.to),
  };
}

/** Throws SwapError PRICING_UNAVAILABLE when a coin has no usable price; limits are not checked here. */
export function computeQuote(input: QuoteInput): Quote {
  const { prices, from, to, direction, min, max } = input;
  const { type, partnerPercent, feePercent, rate } = quoteTerms(input);
  const output = (amountFrom: bigint) => outputForDeposit(amountFrom, from, to, rate, feePercent);

  let amountFrom: bigint;
  let amountTo: bigint;
  let feeAmount: bigint;
  if (direction === 'from') {
    amountFrom = input.amount;
    ({ net: amountTo, fee: feeAmount } = output(amountFrom));
  } else {
    // The user receives exactly what was asked (at API precision); the rounding of the input goes to the fee.
    const { chainDecimals, precision } = CURRENCIES[to];
    amountTo = ceilUnits(input.amount, chainDecimals, precision);
    amountFrom = inputForOutput(amountTo, from, to, rate, feePercent);
    feeAmount = output(amountFrom).gross - amountTo;
  }

  return {
    from,
    to,
    type,
    direction,
    rate,
    inverseRate: inverseRate(rate),
    amountFrom,
    amountTo,
    feeAmount,
    feePercent,
    partnerPercent,
    min,
    minTo: output(min).net,
    max,
    maxTo: max === null ? null : output(max).net,
    usdFrom: usdValue(amountFrom, from, prices),
    usdTo: usdValue(amountTo, to, prices),
    guaranteedAmount: type === 'fixed' ? amountTo : null,
  };
}
