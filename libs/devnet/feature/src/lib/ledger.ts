import type { DevnetTxRecord } from '@swap/devnet-data';
import type { CurrencyCode } from '@swap/domain';
import { nativeCurrency } from './devnet-params';

const key = (address: string, currency: CurrencyCode) => `${currency}:${address}`;

/** Confirmed balances and account nonces of one chain: the sum of its mined transactions. */
export class Ledger {
  private readonly balances = new Map<string, bigint>();
  private readonly nonces = new Map<string, number>();

  balance(address: string, currency: CurrencyCode): bigint {
    return this.balances.get(key(address, currency)) ?? 0n;
  }

  /** The number of the address's mined transactions: the nonce its next one must carry. */
  nonce(address: string): number {
    return this.nonces.get(address) ?? 0;
  }

  /** Books a mined transaction with the outcome it records (state, fee charged). */
  apply(tx: DevnetTxRecord): void {
    this.post(tx, 1n);
  }

  /** Takes a mined transaction back out (a reorganisation). */
  undo(tx: DevnetTxRecord): void {
    this.post(tx, -1n);
  }

  private post(tx: DevnetTxRecord, sign: 1n | -1n): void {
    if (tx.kind === 'signed') {
      this.add(tx.from, nativeCurrency(tx.network), -sign * tx.feeCharged);
      this.nonces.set(tx.from, this.nonce(tx.from) + Number(sign));
      if (tx.state === 'confirmed') this.add(tx.from, tx.currency, -sign * tx.amount);
    }
    if (tx.state === 'confirmed') this.add(tx.to, tx.currency, sign * tx.amount);
  }

  private add(address: string, currency: CurrencyCode, delta: bigint): void {
    const next = this.balance(address, currency) + delta;
    if (next === 0n) this.balances.delete(key(address, currency));
    else this.balances.set(key(address, currency), next);
  }
}
