import { Inject } from '@nestjs/common';
import { answerRpc, BusController, OnRequest, type RequestOf } from '@swap/bus';
import {
  treasuryBalances,
  treasuryBump,
  treasuryCpfp,
  treasuryFillNonce,
  treasuryLedger,
  treasurySignTransfer,
  treasuryTransfers,
} from '@swap/contracts';
import { treasuryPartnerFees } from '@swap/contracts';
import { TreasuryError, type Treasury } from '@swap/treasury';
import { TREASURY } from './treasury.tokens';

/** Signatures for the refunds service, and the operators' reads and transfer replacements. */
@BusController()
export class TreasuryRpcController {
  constructor(@Inject(TREASURY) private readonly treasury: Treasury) {}

  @OnRequest(treasurySignTransfer)
  sign(request: RequestOf<typeof treasurySignTransfer>) {
    return answer(() => this.treasury.signTransfer.execute(request));
  }

  @OnRequest(treasuryBalances)
  balances() {
    return answer(() => this.treasury.balances.execute());
  }

  @OnRequest(treasuryLedger)
  ledger({ swapId }: RequestOf<typeof treasuryLedger>) {
    return answer(() => this.treasury.ledger.execute(swapId));
  }

  @OnRequest(treasuryPartnerFees)
  partnerFees(request: RequestOf<typeof treasuryPartnerFees>) {
    return answer(() => this.treasury.partnerFees.execute(request));
  }

  @OnRequest(treasuryTransfers)
  transfers(request: RequestOf<typeof treasuryTransfers>) {
    return answer(() => this.treasury.listTransfers.execute(request));
  }

  @OnRequest(treasuryBump)
  bump(request: RequestOf<typeof treasuryBump>) {
    return answer(() => this.treasury.replaceTransfer.bump(request));
  }

  @OnRequest(treasuryFillNonce)
  fillNonce(request: RequestOf<typeof treasuryFillNonce>) {
    return answer(() => this.treasury.replaceTransfer.fillNonce(request));
  }

  @OnRequest(treasuryCpfp)
  cpfp(request: RequestOf<typeof treasuryCpfp>) {
    return answer(() => this.treasury.replaceTransfer.cpfp(request));
  }
}

/** The result, or the catalogue error a TreasuryError carries; anything else is the internal error. */
const answer = <T>(work: () => Promise<T>) =>
  answerRpc(work, (error) => (error instanceof TreasuryError ? error.toPayload() : null));
