/** Decides what crediting a deposit leads to (section 3, "(deposit crediting)" rows; rules 1 and 2). */
import { CreditingMarket, depositMismatch, outputForDeposit, slippagePercent, Swap } from '@swap/domain';

/** The terms a deposit is exchanged on. */
export interface ExchangeTerms {
  rate: string;
  amountTo: bigint;
  feeAmount: bigint;
  slippage: string;
}

export type CreditingPlan =
  | { outcome: 'BELOW_MINIMUM' }
  | { outcome: 'RATE_CHANGED'; issue: 'LESS' | 'MORE'; proposed: { rate: string; amount: bigint } }
  | { outcome: 'NO_LIQUIDITY' }
  | { outcome: 'EXCHANGING'; terms: ExchangeTerms };

/** Converts the deposit at `rate` with the swap's fee unchanged, exactly as a quote converts. */
export function termsAt(swap: Swap, deposit: bigint, rate: string): ExchangeTerms {
  const payout = outputForDeposit(deposit, swap.from, swap.to, rate, swap.feePercent);
  return { rate, amountTo: payout.net, feeAmount: payout.fee, slippage: slippagePercent(rate, swap.rate) };
}

export function exceedsLiquidity(amount: bigint, available: bigint | null): boolean {
  return available !== null && amount > available;
}

export function planCrediting(swap: Swap, deposit: bigint, market: CreditingMarket): CreditingPlan {
  // Rule 2: the minimum applies to both rate types, before anything is priced.
  if (deposit < market.pairMin) return { outcome: 'BELOW_MINIMUM' };
  // Rule 1: only fixed-rate swaps compare the deposit with the order.
  const mismatch = swap.type === 'fixed' ? depositMismatch(swap.amountFrom, deposit) : null;
  if (mismatch && !swap.autoExecuteOnMismatch) {
    const proposal = outputForDeposit(deposit, swap.from, swap.to, market.rate, swap.feePercent);
    return {
      outcome: 'RATE_CHANGED',
      issue: mismatch,
      proposed: { rate: market.rate, amount: proposal.net },
    };
  }
  const terms: ExchangeTerms =
    swap.type === 'fixed' && !mismatch
      ? // Honoured as quoted: the guaranteed output, whatever the market did.
        { rate: swap.rate, amountTo: swap.amountTo, feeAmount: swap.feeAmount, slippage: '0' }
      : termsAt(swap, deposit, market.rate);
  if (exceedsLiquidity(terms.amountTo, market.payoutAvailable)) return { outcome: 'NO_LIQUIDITY' };
  return { outcome: 'EXCHANGING', terms };
}
