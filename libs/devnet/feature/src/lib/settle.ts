import type { DevnetTxRecord, DevnetTxState } from '@swap/devnet-data';
import type { CurrencyCode } from '@swap/domain';
import { nativeCurrency } from './devnet-params';
import type { Ledger } from './ledger';

export interface Outcome {
  state: Exclude<DevnetTxState, 'pending'>;
  feeCharged: bigint;
  reason: string | null;
}

export interface SettleRules {
  hotWallet: string;
  /** Currencies whose payouts from the hot wallet fail on-chain (swapctl devnet fail-payouts). */
  failing: ReadonlySet<CurrencyCode>;
}

/**
 * What mining does to a transaction, given the balances at that point of the block. A failed
 * transaction still takes its fee (when the sender can pay it) and its nonce; its value stays put.
 */
export function settle(tx: DevnetTxRecord, ledger: Ledger, rules: SettleRules): Outcome {
  if (tx.kind !== 'signed') return { state: 'confirmed', feeCharged: 0n, reason: null };
  const native = nativeCurrency(tx.network);
  const coins = ledger.balance(tx.from, native);
  if (coins < tx.fee) return failed(0n, `insufficient ${native} for the network fee`);
  if (tx.from === rules.hotWallet && rules.failing.has(tx.currency)) {
    return failed(tx.fee, `payouts of ${tx.currency} are set to fail (devnet fail-payouts)`);
  }
  const spendable = tx.currency === native ? coins - tx.fee : ledger.balance(tx.from, tx.currency);
  if (spendable < tx.amount) return failed(tx.fee, `insufficient ${tx.currency} balance`);
  return { state: 'confirmed', feeCharged: tx.fee, reason: null };
}

const failed = (feeCharged: bigint, reason: string): Outcome => ({ state: 'failed', feeCharged, reason });
