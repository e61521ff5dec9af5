import { CURRENCIES, CurrencyCode, AWAITING_CREDIT, Swap } from '@swap/domain';

/** A deposit to the swap's address as the engine's deposit log holds it (its latest report). */
export interface LoggedDeposit {
  depositId: string;
  txid: string;
  amount: bigint;
  confirmations: number;
  blockHeight: number | null;
  reverted: boolean;
}

/** A watcher's report of one deposit, as the engine logged it. */
export interface DepositReport extends LoggedDeposit {
  currency: CurrencyCode;
  /** The log says the swap's credit included this deposit. */
  credited: boolean;
  /** How many deposits to the address the watcher knows in a block, this one included. */
  minedDeposits?: number;
}

/** What a crediting adds up: the amount of the logged deposits with their confirmations, and their ids. */
export interface Credit {
  amount: bigint;
  deposits: string[];
  /** Their transactions. */
  txids: string[];
}

export const requiredConfirmations = (report: DepositReport): number =>
  CURRENCIES[report.currency].reqConfirmations;

/** The report's deposit is on the chain with its required confirmations. */
export const reachesCredit = (report: DepositReport): boolean =>
  !report.reverted && report.confirmations >= requiredConfirmations(report);

/** The report may credit the swap: only then does the engine read the deposit log for `creditOf`. */
export const mayCredit = (swap: Swap, report: DepositReport): boolean =>
  AWAITING_CREDIT.includes(swap.status) && reachesCredit(report);

/**
 * Rule 1, extra deposits: what the swap is credited with once this report's deposit has its
 * confirmations — every deposit to the address in `log` that has them too, added up. Null while
 * another deposit already in a block still lacks confirmations, or has not been reported yet (the
 * watcher counts them in `minedDeposits`): it is credited with the rest when it has them. One
 * only in the mempool does not hold the others back; it is a later deposit if it lands after
 * the crediting.
 */
export function creditOf(report: DepositReport, log: readonly LoggedDeposit[]): Credit | null {
  if (!reachesCredit(report)) return null;
  const required = requiredConfirmations(report);
  const live = log.filter((d) => !d.reverted);
  // The watcher knows of a mined deposit not reported yet: it follows in this round.
  const mined = live.filter((d) => d.blockHeight !== null).length;
  if (mined < (report.minedDeposits ?? 0)) return null;
  if (live.some((d) => d.confirmations > 0 && d.confirmations < required)) return null;
  const confirmed = live.filter((d) => d.confirmations >= required);
  return {
    amount: confirmed.reduce((sum, d) => sum + d.amount, 0n),
    deposits: confirmed.map((d) => d.depositId),
    txids: confirmed.map((d) => d.txid),
  };
}
