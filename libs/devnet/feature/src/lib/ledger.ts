import type { DevnetTxRecord } from '@swap/devnet-data';
import { CURRENCY_CODES, type CurrencyCode } from '@swap/domain';
import { nativeCurrency } from './devnet-params';

const key = (address: string, currency: CurrencyCode) => `${currency}:${address}`;

/**
 * Confirmed balances and account nonces of one chain: the sum of its mined transactions. The
 * addresses of the chain's wallet (BTC, LTC, XMR) share their coins, as a node's wallet spends
 * from every address it holds: each of them reads, and spends from, the wallet's total; an
 * address's own balance may then go below zero while the total cannot.
 */
export class Ledger {
  private readonly balances = new Map<string, bigint>();
  private readonly nonces = new Map<string, number>();
  private readonly wallet = new Set<string>();
  private readonly walletTotals = new Map<CurrencyCode, bigint>();

  /** What the address can spend: the wallet's total for an address of the wallet. */
  balance(address: string, currency: CurrencyCode): bigint {
    return this.wallet.has(address) ? (this.walletTotals.get(currency) ?? 0n) : this.own(address, currency);
  }

  /** How many addresses the wallet holds (none on a chain without one). */
  get walletSize(): number {
    return this.wallet.size;
  }

  inWallet(address: string): boolean {
    return this.wallet.has(address);
  }

  /** The address's coins count towards the wallet's from now on, those it already holds too. */
  join(address: string): void {
    if (this.wallet.has(address)) return;
    this.wallet.add(address);
    for (const currency of CURRENCY_CODES) this.addToWallet(currency, this.own(address, currency));
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

  private own(address: string, currency: CurrencyCode): bigint {
    return this.balances.get(key(address, currency)) ?? 0n;
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
    const next = this.own(address, currency) + delta;
    if (next === 0n) this.balances.delete(key(address, currency));
    else this.balances.set(key(address, currency), next);
    if (this.wallet.has(address)) this.addToWallet(currency, delta);
  }

  private addToWallet(currency: CurrencyCode, delta: bigint): void {
    if (delta === 0n) return;
    const next = (this.walletTotals.get(currency) ?? 0n) + delta;
    if (next === 0n) this.walletTotals.delete(currency);
    else this.walletTotals.set(currency, next);
  }
}
