import type { Ledger } from './ledger';
import type { DecodedTx } from './wire';

/**
 * The leader that sendTransaction forwards to after preflight. It may lose transactions on purpose, and
 * it never lands a signature that it lost or that a fork dropped, even when a client sends it again.
 */
export class Leader {
  private toLose = 0;
  private readonly gone = new Set<string>();

  constructor(private readonly ledger: Ledger) {}

  loseNext(count: number): void {
    this.toLose += count;
  }

  forget(signatures: Iterable<string>): void {
    for (const signature of signatures) this.gone.add(signature);
  }

  /** Takes `tx` into the open slot unless it is lost; the sender learns nothing either way. */
  receive(tx: DecodedTx): boolean {
    if (this.toLose > 0) {
      this.toLose -= 1;
      this.gone.add(tx.signature);
      return false;
    }
    return !this.gone.has(tx.signature) && this.ledger.land(tx);
  }
}
