import type { DevnetSignedTx } from '@swap/chain';
import type { DevnetTxRecord } from '@swap/devnet-data';
import type { CurrencyCode } from '@swap/domain';
import { nativeCurrency } from './devnet-params';
import { TxRefused } from './devnet-error';
import type { Ledger } from './ledger';

/**
 * A new transaction must be covered by the sender's confirmed balances less what its transactions
 * already in the mempool spend (as an Ethereum node checks against its head state): the fee in the
 * native coin, for a token transfer too, so an address holding only tokens cannot send them.
 */
export function checkFunds(ledger: Ledger, from: string, queued: DevnetTxRecord[], tx: DevnetSignedTx): void {
  const native = nativeCurrency(tx.network);
  const spent = (currency: CurrencyCode) =>
    queued.reduce(
      (sum, q) => sum + (currency === native ? q.fee : 0n) + (q.currency === currency ? q.amount : 0n),
      0n,
    );
  const coins = ledger.balance(from, native) - spent(native);
  if (coins < tx.fee + (tx.currency === native ? tx.amount : 0n)) {
    throw new TxRefused(`insufficient funds: the ${native} balance does not cover the amount and the fee`);
  }
  if (tx.currency !== native && ledger.balance(from, tx.currency) - spent(tx.currency) < tx.amount) {
    throw new TxRefused(`insufficient funds: the ${tx.currency} balance is below the amount`);
  }
}
