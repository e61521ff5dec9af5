import { SwapError, SwapErrors } from '@swap/domain';
import { MachineRejection } from '@swap/engine-domain';

/**
 * The integrator-facing error for a decision or step the state machine refused. `otherwise` names
 * the error for an event no row of the table takes in the swap's state.
 */
export function rejectionError(
  rejection: MachineRejection,
  otherwise: (rejection: MachineRejection) => SwapError,
): SwapError {
  switch (rejection.reason) {
    case 'EXCHANGE_NOT_ALLOWED':
      return SwapErrors.exchangeNotPossible(rejection.status);
    case 'REFUND_NOT_ALLOWED':
      return SwapErrors.refundNotPossible(rejection.status);
    case 'REFUND_ADDRESS_REQUIRED':
      return SwapErrors.refundAddressRequired();
    case 'REFUND_ADDRESS_ALREADY_SET':
      return SwapErrors.refundAddressAlreadySet();
    case 'UNDER_MANUAL_REVIEW':
      return SwapErrors.underManualReview();
    case 'DRYRUN_NO_DECISION':
      return SwapErrors.dryRunNoDecision();
    case 'NOT_DRYRUN':
      return SwapErrors.notDryRun();
    case 'DRYRUN_DONE':
      return SwapErrors.dryRunAlreadyDone();
    case 'RETURN_NOT_POSSIBLE':
      return SwapErrors.depositReturnNotPossible(
        'the swap took it, or a return of it is under way or done (see swapctl swaps deposits)',
      );
    case 'INVALID_EVENT':
      return otherwise(rejection);
  }
}
