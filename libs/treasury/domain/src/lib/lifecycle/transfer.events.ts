/**
 * A transfer's states, in the order it goes through them. HELD: over a payout limit, waiting for an
 * operator's approval (back to PLANNED) or rejection (FAILED); never signed meanwhile.
 */
export const TRANSFER_STATES = ['PLANNED', 'HELD', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

/**
 * payout: to a swap's user (treasuryPayoutRequested); refund: signed for the refunds service;
 * sweep: a deposit address's balance to the hot wallet; gas: native coin to a deposit address so
 * its token balance can be swept; delegate / undelegate (Tron): the hot wallet's staked energy lent
 * to a deposit address for its token sweep, and taken back (amount: the sun of stake behind it).
 */
export type TransferKind = 'payout' | 'refund' | 'sweep' | 'gas' | 'delegate' | 'undelegate';

/** What the lifecycle's guards read of a transfer (a stored Transfer carries them all). */
export interface TransferFacts {
  kind: TransferKind;
  /** PLANNED (→ HELD) → SIGNED (bytes stored) → BROADCAST → CONFIRMED | FAILED: transfer.transitions.ts. */
  state: TransferState;
  confirmations: number;
  /** Failed attempts to sign or reach the node; the next try waits until `nextAttemptAt` (ms). */
  attempts: number;
  nextAttemptAt: number;
  /** What went wrong last (a node's refusal, an unreachable node), cleared once a node accepts it. */
  lastError: string | null;
  /** The node refused the signed bytes for a reason other than their deadline (and has not taken them since). */
  refused: boolean;
}

/**
 * What happens to a transfer, with the facts the table's guards need (gathered by the sender,
 * the tracker or the operator's command; the guards themselves are pure).
 */
export type TransferEvent =
  // The payout policy, before anything is signed, and the operator's answer to a hold.
  | { kind: 'OverLimit' }
  | { kind: 'Approved' }
  | { kind: 'Rejected' }
  // The network's sender signs.
  | { kind: 'Signed' }
  | { kind: 'SignerNotReady' }
  | { kind: 'Unsignable' }
  | { kind: 'SigningFailed'; maxAttempts: number }
  // The sender broadcasts the stored bytes.
  | { kind: 'Accepted' }
  | { kind: 'NodeUnreachable' }
  | {
      kind: 'Refused';
      /** The chain's transactions expire (Tron, Solana): a node can prove they never land. */
      expires: boolean;
      /** Refused for its deadline only. */
      deadlineOnly: boolean;
      /** Its nonce is not taken and transfers from the same address were signed after it. */
      holdsUpLaterNonces: boolean;
    }
  // A node proved the bytes can never land (chains whose transactions expire).
  | { kind: 'ProvenDead' }
  // The tracker follows it on its chain.
  | { kind: 'Confirmations'; count: number; required: number }
  | { kind: 'MinedFailed'; confirmations: number; required: number }
  | { kind: 'SeenAgain' }
  | { kind: 'Dropped'; now: number }
  | { kind: 'RebroadcastRefused' }
  // The operator's replacements (swapctl treasury bump / fill-nonce / cpfp), and how they settle.
  | { kind: 'Replaced' }
  | { kind: 'ChildAdded' }
  | { kind: 'FillerAccepted' }
  | { kind: 'EarlierMined' }
  | { kind: 'FillerMined'; confirmations: number; required: number };

export type TransferEventKind = TransferEvent['kind'];
export type TransferEventOf<K extends TransferEventKind> = Extract<TransferEvent, { kind: K }>;

/** Why an event is refused. */
export type TransferRefusal =
  | 'NOT_HELD'
  | 'NOT_SIGNED'
  | 'CONFIRMED_ALREADY'
  | 'FAILED_ALREADY'
  | 'NOT_BROADCAST'
  /** No row takes the event in this state. */
  | 'ILLEGAL_MOVE';

/**
 * When a postponed transfer is tried again: 'backoff' doubles per failed attempt (the retry
 * policy), 'chain' is the chain's own wait ("not yet"), 'soon' the backoff's first step.
 */
export interface Retry {
  wait: 'backoff' | 'chain' | 'soon';
  /** Counted as a failed attempt: the next backoff doubles. */
  counted: boolean;
  /** Whether a node refused the bytes; kept as stored when absent. */
  refused?: boolean;
}

/**
 * What becomes of the signed bytes: 'stored' (new bytes, the only ones any broadcast sends),
 * 'archived' (proven dead, kept in replaced_transactions before the transfer lets them go),
 * 'replacement' (another conflicting transaction recorded beside them in transfer_transactions),
 * 'switched' (the transfer carries another of its recorded transactions).
 */
export type BytesChange = 'stored' | 'archived' | 'replacement' | 'switched';
