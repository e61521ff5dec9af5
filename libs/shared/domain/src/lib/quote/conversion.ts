/**
 * Converting between the two sides of a pair at a published rate and fee. Amounts are base units;
 * each result is one integer division of an exact ratio, rounded in the service's favour.
 */
import { CURRENCIES, CurrencyCode } from '../currencies';
import { keptFraction } from './fees';
import { memoByString } from './memo';
import { ceilToStep, div, floorToStep, mul, parseDecimal, pow10, Ratio, ratio } from './ratio';

export interface Conversion {
  /** Output before the fee, rounded down to the to-currency's API precision. */
  gross: bigint;
  /** gross - net: the fee, which also absorbs the rounding of net. */
  fee: bigint;
  /** What the user receives, rounded down to the to-currency's API precision. */
  net: bigint;
}

/** Base units in one step of the currency's API precision (10^4 piconero for XMR, 10^10 wei for ETH). */
export const precisionStep = memoByString((code: string): bigint => {
  const { chainDecimals, precision } = CURRENCIES[code as CurrencyCode];
  return precision >= chainDecimals ? 1n : 10n ** BigInt(chainDecimals - precision);
}) as (code: CurrencyCode) => bigint;

const unitRates = memoByString((pairAndRate: string): Ratio => {
  const [from, to, rate] = pairAndRate.split(' ') as [CurrencyCode, CurrencyCode, string];
  return Object.freeze(
    mul(parseDecimal(rate), pow10(CURRENCIES[to].chainDecimals - CURRENCIES[from].chainDecimals)),
  );
});

/** To-currency base units per from-currency base unit at `rate` (to-coin per from-coin). */
function unitRate(from: CurrencyCode, to: CurrencyCode, rate: string): Ratio {
  return unitRates(`${from} ${to} ${rate}`);
}

/** The output of `amountFrom` (e.g. a credited deposit) at `rate` with `feePercent` taken off. */
export function outputForDeposit(
  amountFrom: bigint,
  from: CurrencyCode,
  to: CurrencyCode,
  rate: string,
  feePercent: string,
): Conversion {
  const step = precisionStep(to);
  const grossExact = mul(ratio(amountFrom), unitRate(from, to, rate));
  const gross = floorToStep(grossExact, step);
  const net = floorToStep(mul(grossExact, keptFraction(feePercent)), step);
  return { gross, fee: gross - net, net };
}

/**
 * The smallest from-amount, at the from-currency's API precision, whose net output is at least
 * `amountTo` (direction `to`: the user must send enough).
 */
export function inputForOutput(
  amountTo: bigint,
  from: CurrencyCode,
  to: CurrencyCode,
  rate: string,
  feePercent: string,
): bigint {
  const perUnit = mul(unitRate(from, to, rate), keptFraction(feePercent));
  return ceilToStep(div(ratio(amountTo), perUnit), precisionStep(from));
}
