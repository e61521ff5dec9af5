/**
 * A treasury transfer's lifecycle, in one table: PLANNED (→ HELD over a payout limit) → SIGNED
 * (bytes stored) → BROADCAST → CONFIRMED | FAILED, with its retries and the operator's replacements. Rows are tried in order;
 * the first whose state, event and condition match decides. An event no row takes is refused
 * (ILLEGAL_MOVE). `to: 'same'` keeps the state and writes what the row records; `to: 'wait'`
 * changes and writes nothing. The repository's guarded updates take their "from" states from here.
 */
import type {
  BytesChange,
  Retry,
  TransferEventKind,
  TransferEventOf,
  TransferFacts,
  TransferRefusal,
  TransferState,
} from './transfer.events';

export type TransferTarget = TransferState | 'same' | 'wait' | { reject: TransferRefusal };

export interface TransferTransition<K extends TransferEventKind = TransferEventKind> {
  from: readonly TransferState[];
  on: K;
  /** The condition, in words. */
  when: string;
  guard?: (transfer: TransferFacts, event: TransferEventOf<K>) => boolean;
  to: TransferTarget;
  /** What is written with it, in words. */
  records?: string;
  bytes?: BytesChange;
  /** Postponed: tried again later. */
  retry?: Retry;
  /** Nothing from its address is sent or signed behind it until it goes out. */
  holds?: true;
  /** The same bytes go to a node again. */
  resends?: true;
  /** Its network's sender is kicked: the new bytes go out with its next pass. */
  kicks?: true;
}

export type AnyTransferTransition = { [K in TransferEventKind]: TransferTransition<K> }[TransferEventKind];

const row = <K extends TransferEventKind>(transition: TransferTransition<K>): AnyTransferTransition =>
  transition as unknown as AnyTransferTransition;
const reject = (reason: TransferRefusal): TransferTarget => ({ reject: reason });

const BACKOFF: Retry = { wait: 'backoff', counted: true };
const deep = (_: TransferFacts, e: { confirmations: number; required: number }) =>
  e.confirmations >= e.required;

// prettier-ignore
export const TRANSFER_TRANSITIONS: readonly AnyTransferTransition[] = [
  // The payout policy (limits per transfer, hour and day) screens what leaves the hot wallet before it is signed.
  row({ from: ['PLANNED'], on: 'OverLimit', when: 'above a limit of its currency: nothing is signed until an operator decides', to: 'HELD', records: 'which limit it is above' }),
  row({ from: ['HELD'], on: 'Approved', when: 'the operator approves it (swapctl treasury approve)', to: 'PLANNED', records: 'cleared now (it counts in the windows from now), due at once' }),
  row({ from: ['PLANNED', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED'], on: 'Approved', when: 'not held', to: reject('NOT_HELD') }),
  row({ from: ['HELD'], on: 'Rejected', when: 'the operator rejects it (swapctl treasury reject): its swap goes FAILED', to: 'FAILED', records: 'the operator\'s reason; nothing was signed or booked' }),
  row({ from: ['PLANNED', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED'], on: 'Rejected', when: 'not held', to: reject('NOT_HELD') }),

  // Signing: the network's sender, oldest first, an address's nonces in turn.
  row({ from: ['PLANNED'], on: 'Signed', when: 'signed', to: 'SIGNED', bytes: 'stored', records: 'the bytes every broadcast sends, and the batch booking amount and fee' }),
  row({ from: ['PLANNED'], on: 'SignerNotReady', when: 'the chain says not yet (locked outputs)', to: 'same', retry: { wait: 'chain', counted: false }, records: 'the next attempt, none counted' }),
  row({ from: ['PLANNED'], on: 'Unsignable', when: 'the chain can never build it', to: 'FAILED', records: 'the chain\'s reason' }),
  row({ from: ['PLANNED'], on: 'SigningFailed', when: 'a refund: the refunds service gives up on it, not the treasury', guard: (t) => t.kind === 'refund', to: 'same', retry: BACKOFF, records: 'an attempt' }),
  row({ from: ['PLANNED'], on: 'SigningFailed', when: 'attempts left', guard: (t, e) => t.attempts + 1 < e.maxAttempts, to: 'same', retry: BACKOFF, records: 'an attempt' }),
  row({ from: ['PLANNED'], on: 'SigningFailed', when: 'the last attempt failed', to: 'FAILED', records: 'the transaction could not be signed' }),

  // Broadcast: the stored bytes, byte for byte, never signed again.
  row({ from: ['SIGNED'], on: 'Accepted', when: 'a node took the bytes', to: 'BROADCAST', records: 'the last error cleared' }),
  row({ from: ['SIGNED'], on: 'NodeUnreachable', when: 'no node answered', to: 'same', retry: BACKOFF, holds: true, records: 'an attempt and the error' }),
  row({ from: ['SIGNED'], on: 'Refused', when: 'past its deadline, where transactions expire: the proof that it never lands is blocks away', guard: (_, e) => e.expires && e.deadlineOnly, to: 'same', retry: { wait: 'soon', counted: false, refused: false }, records: 'the refusal' }),
  row({ from: ['SIGNED'], on: 'Refused', when: 'where transactions expire: it may still land before its deadline', guard: (_, e) => e.expires, to: 'same', retry: { wait: 'backoff', counted: true, refused: true }, records: 'an attempt and the refusal' }),
  row({ from: ['SIGNED'], on: 'Refused', when: 'its nonce holds up the transfers signed after it: it goes out again first', guard: (_, e) => e.holdsUpLaterNonces, to: 'same', retry: BACKOFF, holds: true, records: 'an attempt' }),
  row({ from: ['SIGNED'], on: 'Refused', when: 'refused for good', to: 'FAILED', records: 'the node\'s reason; amount and fee undone' }),

  // Where transactions expire (Tron, Solana), a node proves the bytes can never land.
  row({ from: ['SIGNED'], on: 'ProvenDead', when: 'refused for another reason than its deadline', guard: (t) => t.refused, to: 'FAILED', records: 'the refusal as the reason; amount and fee undone' }),
  row({ from: ['SIGNED', 'BROADCAST'], on: 'ProvenDead', when: 'taken by a node, or refused for its deadline only: signed anew, at once', to: 'PLANNED', bytes: 'archived', records: 'the old bytes archived, generation + 1, the signing undone' }),

  // Followed on its chain (the tracker).
  row({ from: ['BROADCAST'], on: 'Confirmations', when: 'as deep as the currency requires', guard: (_, e) => e.count >= e.required, to: 'CONFIRMED', records: 'the count and the fee paid; fees of fillers and children that cannot land given back' }),
  row({ from: ['BROADCAST'], on: 'Confirmations', when: 'a new confirmation', guard: (t, e) => e.count > t.confirmations, to: 'same', records: 'the count' }),
  row({ from: ['BROADCAST'], on: 'Confirmations', when: 'no new confirmation', to: 'wait' }),
  row({ from: ['BROADCAST'], on: 'MinedFailed', when: 'failed on-chain, as deep as a success would be', guard: deep, to: 'FAILED', records: 'the reason; the amount undone, the fee paid settled' }),
  row({ from: ['BROADCAST'], on: 'MinedFailed', when: 'not that deep: a reorganisation may mine the same bytes again, successfully', to: 'wait' }),
  row({ from: ['BROADCAST'], on: 'SeenAgain', when: 'known to the node again after a refused re-broadcast', guard: (t) => t.lastError !== null, to: 'same', records: 'attempts and error cleared' }),
  row({ from: ['BROADCAST'], on: 'SeenAgain', when: 'nothing went wrong', to: 'wait' }),
  row({ from: ['BROADCAST'], on: 'Dropped', when: 'lost by the node, its backoff not over', guard: (t, e) => t.nextAttemptAt > e.now, to: 'wait' }),
  row({ from: ['BROADCAST'], on: 'Dropped', when: 'lost by the node (restart, eviction): the same bytes again, never new ones (or the operator\'s filler)', to: 'same', resends: true }),
  row({ from: ['BROADCAST'], on: 'RebroadcastRefused', when: 'the node refuses them again (fee below its minimum, nonce gone)', to: 'same', retry: { wait: 'backoff', counted: true, refused: true }, records: 'an attempt and the refusal' }),

  // The operator's way out of a stuck transfer: a conflicting transaction, stored before it is sent.
  row({ from: ['PLANNED', 'HELD'], on: 'Replaced', when: 'not signed yet', to: reject('NOT_SIGNED') }),
  row({ from: ['CONFIRMED'], on: 'Replaced', when: 'landed already', to: reject('CONFIRMED_ALREADY') }),
  row({ from: ['FAILED'], on: 'Replaced', when: 'failed for good', to: reject('FAILED_ALREADY') }),
  row({ from: ['SIGNED'], on: 'Replaced', when: 'bumped or filled before a node took it: sent by the sender\'s next pass', to: 'same', bytes: 'replacement', kicks: true, records: 'the replacement and its ledger batch' }),
  row({ from: ['BROADCAST'], on: 'Replaced', when: 'bumped or filled (and, for CPFP, see ChildAdded): whichever transaction is mined settles it', to: 'same', bytes: 'replacement', records: 'the replacement and its ledger batch' }),
  row({ from: ['SIGNED'], on: 'ChildAdded', when: 'no node took the parent: no child can spend it', to: reject('NOT_BROADCAST') }),
  row({ from: ['BROADCAST'], on: 'ChildAdded', when: 'a CPFP child of the parent in the mempool', to: 'same', bytes: 'replacement', records: 'the child and its ledger batch' }),
  row({ from: ['SIGNED'], on: 'FillerAccepted', when: 'a node took the filler at its nonce: the tracker follows it, the sender goes on with the later nonces', to: 'BROADCAST', records: 'the last error cleared' }),
  row({ from: ['BROADCAST'], on: 'FillerAccepted', when: 'followed already', to: 'wait' }),
  row({ from: ['BROADCAST'], on: 'EarlierMined', when: 'an earlier transaction of it was mined instead of the bump', to: 'same', bytes: 'switched', records: 'the mined transaction carried, its fee booked' }),
  row({ from: ['BROADCAST'], on: 'FillerMined', when: 'the filler took its nonce, as deep as the transfer would have to be', guard: deep, to: 'FAILED', records: 'amount and fee undone, the filler\'s fee settled' }),
  row({ from: ['BROADCAST'], on: 'FillerMined', when: 'not that deep: a reorganisation may still mine the transfer', to: 'wait' }),
];
