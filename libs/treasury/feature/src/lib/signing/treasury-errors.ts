import type { RpcError } from '@swap/contracts';

/** A refusal the treasury's RPCs answer with (a stable code and a message the caller may show). */
export class TreasuryError extends Error {
  override readonly name = 'TreasuryError';

  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }

  toPayload(): RpcError {
    return { code: this.code, message: this.message, status: this.status };
  }
}

export const TreasuryErrors = {
  badRequest: (message: string) => new TreasuryError('BAD_REQUEST', message, 400),
  requestIdReused: (requestId: string) =>
    new TreasuryError('CONFLICT', `requestId ${requestId} was already used for a different transfer`, 409),
  signFailed: (reason: string) =>
    new TreasuryError('SIGN_FAILED', `The transfer could not be signed: ${reason}`, 422),
  /** Signed, then failed for good (refused and proven never to land, or failed on-chain): asking again cannot change it. */
  transferFailed: (reason: string) =>
    new TreasuryError('SIGN_FAILED', `The transfer failed for good: ${reason}`, 422),
  transferNotFound: (id: string) => new TreasuryError('NOT_FOUND', `No transfer ${id}`, 404),
  /** The transfer is not in a state the operator's command applies to (settled, not signed yet). */
  wrongState: (message: string) => new TreasuryError('CONFLICT', message, 409),
  /** A replacement the network or transfer cannot have (no nonces, no change output, above the fee cap). */
  cannotReplace: (message: string) => new TreasuryError('CANNOT_REPLACE', message, 422),
  /** The engine has not ordered this refund, or the treasury has not recorded its order yet: ask again. */
  refundNotOrdered: (requestId: string) =>
    new TreasuryError(
      'REFUND_NOT_ORDERED',
      `No refund command ${requestId} from the engine has reached the treasury, which signs only refunds the engine ordered; ask again later`,
      409,
    ),
  /** The request differs from the engine's refund command: never signed. */
  refundMismatch: (requestId: string, fields: readonly string[]) =>
    new TreasuryError(
      'REFUND_MISMATCH',
      `Refund ${requestId} is not the refund the engine ordered: its ${fields.join(', ')} differ${fields.length === 1 ? 's' : ''}`,
      403,
    ),
  /** Above a payout limit, waiting for an operator (swapctl treasury approve | reject): ask again. */
  held: (id: string, reason: string | null) =>
    new TreasuryError(
      'HELD',
      `Transfer ${id} is held for an operator's approval${reason ? `: ${reason}` : ''}; ask again later`,
      409,
    ),
  /** An operator froze signing (swapctl treasury freeze): ask again. */
  frozen: (network: string) =>
    new TreasuryError('FROZEN', `Signing on ${network} is frozen by an operator; ask again later`, 503),
  unavailable: (network: string) =>
    new TreasuryError('UNAVAILABLE', `The ${network} node cannot be reached right now; ask again later`, 503),
};
