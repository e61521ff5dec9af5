import { CURRENCIES } from '@swap/domain';
import type { PlannedTransfer } from '@swap/treasury-data';

/**
 * When a transfer counts as landed: payouts and refunds at the currency's own threshold (what the
 * user is told to expect); the treasury's internal moves (sweeps, gas) at their first confirmation.
 */
export function requiredConfirmations(transfer: PlannedTransfer): number {
  return transfer.kind === 'payout' || transfer.kind === 'refund'
    ? CURRENCIES[transfer.currency].reqConfirmations
    : 1;
}
