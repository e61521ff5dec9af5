import type { CurrencyCode } from '@swap/domain';

/** One line of the double-entry ledger: a debit (positive) or credit (negative) in base units. */
export interface LedgerEntry {
  account: string;
  currency: CurrencyCode;
  amount: bigint;
}

/**
 * The entries one effect writes (a credited deposit, a signed payout, a refund…). `key` names the
 * effect, so recording it again is a no-op; a batch belongs to one swap.
 */
export interface LedgerBatch {
  key: string;
  swapId: string;
  memo: string;
  entries: LedgerEntry[];
}

export class UnbalancedLedgerError extends Error {
  override readonly name = 'UnbalancedLedgerError';
}

/** Sum of the entries per currency; a balanced batch has every sum at zero. */
export function sumsByCurrency(entries: readonly LedgerEntry[]): Map<CurrencyCode, bigint> {
  const sums = new Map<CurrencyCode, bigint>();
  for (const entry of entries) sums.set(entry.currency, (sums.get(entry.currency) ?? 0n) + entry.amount);
  return sums;
}

/** Throws unless the batch has entries, none of them zero, summing to zero in every currency. */
export function assertBalanced(batch: LedgerBatch): void {
  if (batch.entries.length === 0) throw new UnbalancedLedgerError(`ledger batch ${batch.key} has no entries`);
  if (batch.entries.some((entry) => entry.amount === 0n)) {
    throw new UnbalancedLedgerError(`ledger batch ${batch.key} has a zero entry`);
  }
  for (const [currency, sum] of sumsByCurrency(batch.entries)) {
    if (sum !== 0n) {
      throw new UnbalancedLedgerError(`ledger batch ${batch.key} does not balance in ${currency}: ${sum}`);
    }
  }
}
