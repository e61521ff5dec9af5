import { Inject } from '@nestjs/common';
import { answerRpc, BusController, OnRequest, type RequestOf } from '@swap/bus';
import { treasuryApprove, treasuryFreeze, treasuryReject, treasuryUnfreeze } from '@swap/contracts';
import { TreasuryError, type Treasury } from '@swap/treasury';
import { TREASURY } from './treasury.tokens';

/** The operator's answers to the payout policy: held transfers approved or rejected, the freeze. */
@BusController()
export class TreasuryPolicyController {
  constructor(@Inject(TREASURY) private readonly treasury: Treasury) {}

  @OnRequest(treasuryApprove)
  approve({ transferId }: RequestOf<typeof treasuryApprove>) {
    return answer(() => this.treasury.heldTransfers.approve(transferId));
  }

  @OnRequest(treasuryReject)
  reject({ transferId, reason }: RequestOf<typeof treasuryReject>) {
    return answer(() => this.treasury.heldTransfers.reject(transferId, reason));
  }

  @OnRequest(treasuryFreeze)
  freeze({ network, reason }: RequestOf<typeof treasuryFreeze>) {
    return answer(() => this.treasury.freeze.freeze(network, reason ?? null));
  }

  @OnRequest(treasuryUnfreeze)
  unfreeze({ network }: RequestOf<typeof treasuryUnfreeze>) {
    return answer(() => this.treasury.freeze.unfreeze(network));
  }
}

/** The result, or the catalogue error a TreasuryError carries; anything else is the internal error. */
const answer = <T>(work: () => Promise<T>) =>
  answerRpc(work, (error) => (error instanceof TreasuryError ? error.toPayload() : null));
