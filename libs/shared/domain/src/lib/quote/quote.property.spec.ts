import fc from 'fast-check';
import { CURRENCIES, CURRENCY_CODES, CurrencyCode } from '../currencies';
import { outputForDeposit, precisionStep } from './conversion';
import { keptFraction, totalFeePercent } from './fees';
import { computeQuote } from './quote';
import { parseDecimal } from './ratio';
import { refundAmount } from './refund';

const code = fc.constantFrom(...CURRENCY_CODES);
// USDTTRC/USDTERC share one price key, so that pair gets rate 1.
const pair = fc.tuple(code, code).filter(([from, to]) => from !== to);
/** USD prices from 0.0001 to 10^10 with up to 8 decimals: rates keep 4+ significant digits at 18 places. */
const price = fc
  .tuple(fc.bigInt({ min: 10n ** 4n, max: 10n ** 10n }), fc.integer({ min: 0, max: 8 }))
  .map(([units, scale]) => {
    const text = units.toString().padStart(scale + 1, '0');
    return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
  });
const partner = fc.constantFrom('0', '0.1', '0.05', '0.125');
/** Whole API-precision steps of a currency: what parseAmount produces. */
const stepsOf = (c: CurrencyCode, steps: bigint) => steps * precisionStep(c);
const steps = fc.bigInt({ min: 1n, max: 10n ** 13n });

/** The exact gross output of `amountFrom` at `rate`, as numerator / denominator (to base units). */
function exactGross(amountFrom: bigint, from: CurrencyCode, to: CurrencyCode, rate: string) {
  const r = parseDecimal(rate);
  const num = amountFrom * r.num * 10n ** BigInt(CURRENCIES[to].chainDecimals);
  const den = r.den * 10n ** BigInt(CURRENCIES[from].chainDecimals);
  return { num, den };
}

describe('quote properties', () => {
  it('fee + net = gross, within one precision step of the exact output, never above it', () => {
    fc.assert(
      fc.property(
        pair,
        price,
        price,
        fc.constantFrom('float', 'fixed') as fc.Arbitrary<'float' | 'fixed'>,
        partner,
        steps,
        ([from, to], pFrom, pTo, type, partnerPercent, n) => {
          const quote = computeQuote({
            prices: { [CURRENCIES[from].coin]: pFrom, [CURRENCIES[to].coin]: pTo },
            from,
            to,
            type,
            direction: 'from',
            amount: stepsOf(from, n),
            partnerPercent,
            min: 0n,
            max: null,
          });
          const step = precisionStep(to);
          const { num, den } = exactGross(quote.amountFrom, from, to, quote.rate);
          const gross = quote.amountTo + quote.feeAmount;
          // gross ≤ exact < gross + step
          expect(gross * den <= num && num < (gross + step) * den).toBe(true);
          // The user's net never exceeds the exact net, and falls short of it by less than a step.
          const kept = keptFraction(quote.feePercent);
          const exactNetNum = num * kept.num;
          const exactNetDen = den * kept.den;
          expect(quote.amountTo * exactNetDen <= exactNetNum).toBe(true);
          expect(exactNetNum < (quote.amountTo + step) * exactNetDen).toBe(true);
          expect(quote.feeAmount >= 0n && quote.amountTo % step === 0n && quote.feeAmount % step === 0n).toBe(
            true,
          );
        },
      ),
    );
  });

  it('direction to → from → to never gives less than requested, and the input is minimal', () => {
    fc.assert(
      fc.property(
        pair,
        price,
        price,
        partner,
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        ([from, to], pFrom, pTo, partnerPercent, n) => {
          const prices = { [CURRENCIES[from].coin]: pFrom, [CURRENCIES[to].coin]: pTo };
          const common = { prices, from, to, type: 'fixed' as const, partnerPercent, min: 0n, max: null };
          const wanted = stepsOf(to, n);
          const byOutput = computeQuote({ ...common, direction: 'to', amount: wanted });
          expect(byOutput.amountTo).toBe(wanted);
          expect(byOutput.feeAmount >= 0n).toBe(true);
          const byInput = computeQuote({ ...common, direction: 'from', amount: byOutput.amountFrom });
          expect(byInput.amountTo >= wanted).toBe(true);
          // One step less of the input would not have been enough.
          const fee = totalFeePercent('fixed', partnerPercent);
          const less = byOutput.amountFrom - precisionStep(from);
          if (less >= 0n)
            expect(outputForDeposit(less, from, to, byOutput.rate, fee).net < wanted).toBe(true);
        },
      ),
    );
  });

  it('a refund keeps 1 % of the deposit, rounded down by less than one step', () => {
    fc.assert(
      fc.property(code, fc.bigInt({ min: 0n, max: 10n ** 24n }), (c, deposit) => {
        const refund = refundAmount(deposit, c);
        const step = precisionStep(c);
        expect(refund * 100n <= deposit * 99n && deposit * 99n < (refund + step) * 100n).toBe(true);
        expect(refund % step).toBe(0n);
      }),
    );
  });
});
