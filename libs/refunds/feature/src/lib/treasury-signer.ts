import type { Bus } from '@swap/bus';
import { treasurySignTransfer } from '@swap/contracts';
import type { Refund, SignedRefund } from '@swap/refunds-data';

export type SignOutcome = { ok: true; tx: SignedRefund } | { ok: false; permanent: boolean; reason: string };

/** Where refund transactions get signed: the treasury, which alone holds keys. */
export interface RefundSigner {
  sign(refund: Refund): Promise<SignOutcome>;
}

/**
 * Refusals that asking again cannot change (the treasury gave up signing it: SIGN_FAILED, which a
 * refund an operator rejected gets too; or it is not the refund the engine ordered:
 * REFUND_MISMATCH); anything else is retried: funds, node or treasury down, the engine's order not
 * recorded by the treasury yet (REFUND_NOT_ORDERED), held for an operator (HELD), frozen (FROZEN).
 */
const PERMANENT = new Set(['BAD_REQUEST', 'CONFLICT', 'SIGN_FAILED', 'REFUND_MISMATCH']);

/** Asks the treasury over the bus; the refund id is the idempotency key, so asking twice is safe. */
export class TreasurySigner implements RefundSigner {
  constructor(
    private readonly bus: Bus,
    private readonly timeoutMs = 10_000,
  ) {}

  async sign(refund: Refund): Promise<SignOutcome> {
    const reply = await this.bus.request(
      treasurySignTransfer,
      {
        requestId: refund.refundId,
        network: refund.network,
        currency: refund.currency,
        to: refund.address,
        amount: refund.amount.toString(),
        swapId: refund.swapId,
      },
      { timeoutMs: this.timeoutMs },
    );
    if (!reply.ok)
      return { ok: false, permanent: PERMANENT.has(reply.error.code), reason: reply.error.message };
    const { txid, raw, fee, feeCurrency, validUntil } = reply.data;
    return { ok: true, tx: { txid, raw, fee: BigInt(fee), feeCurrency, validUntil: validUntil ?? null } };
  }
}
