import type { TransferEvent, TransferFacts, TransferRefusal, TransferState } from './transfer.events';
import {
  findTransferTransition,
  leadsTo,
  RETRYING_STATES,
  SETTLED_STATES,
  SIGNED_UNSETTLED_STATES,
  takes,
  transition,
  UNSETTLED_STATES,
} from './transfer.lifecycle';
import { TRANSFER_TRANSITIONS, type AnyTransferTransition } from './transfer.transitions';

const facts = (state: TransferState, more: Partial<TransferFacts> = {}): TransferFacts => ({
  state,
  kind: 'payout',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  refused: false,
  confirmations: 0,
  ...more,
});

type Expected = TransferState | 'same' | 'wait' | { reject: TransferRefusal };

interface Case {
  name: string;
  transfer: TransferFacts;
  event: TransferEvent;
  expect: Expected;
  /** What the row says besides its target (retry, bytes, flags). */
  row?: Partial<AnyTransferTransition>;
}

const refused = (more: Partial<Extract<TransferEvent, { kind: 'Refused' }>> = {}): TransferEvent => ({
  kind: 'Refused',
  expires: false,
  deadlineOnly: false,
  holdsUpLaterNonces: false,
  ...more,
});
const BACKOFF = { retry: { wait: 'backoff', counted: true } } as const;

// prettier-ignore
const CASES: Case[] = [
  // The payout policy and the operator's answer to a hold.
  { name: 'above a limit: held', transfer: facts('PLANNED'), event: { kind: 'OverLimit' }, expect: 'HELD' },
  { name: 'approved: due to be signed', transfer: facts('HELD'), event: { kind: 'Approved' }, expect: 'PLANNED' },
  { name: 'approving what is not held', transfer: facts('SIGNED'), event: { kind: 'Approved' }, expect: { reject: 'NOT_HELD' } },
  { name: 'rejected: failed, never signed', transfer: facts('HELD'), event: { kind: 'Rejected' }, expect: 'FAILED' },
  { name: 'rejecting what is not held', transfer: facts('PLANNED'), event: { kind: 'Rejected' }, expect: { reject: 'NOT_HELD' } },

  // Signing.
  { name: 'signed', transfer: facts('PLANNED'), event: { kind: 'Signed' }, expect: 'SIGNED', row: { bytes: 'stored' } },
  { name: 'the chain says not yet: waits, no attempt counted', transfer: facts('PLANNED', { attempts: 3 }), event: { kind: 'SignerNotReady' }, expect: 'same', row: { retry: { wait: 'chain', counted: false } } },
  { name: 'can never be built', transfer: facts('PLANNED'), event: { kind: 'Unsignable' }, expect: 'FAILED' },
  { name: 'a refund keeps trying past the maximum', transfer: facts('PLANNED', { kind: 'refund', attempts: 50 }), event: { kind: 'SigningFailed', maxAttempts: 10 }, expect: 'same', row: BACKOFF },
  { name: 'a payout with attempts left backs off', transfer: facts('PLANNED', { attempts: 8 }), event: { kind: 'SigningFailed', maxAttempts: 10 }, expect: 'same', row: BACKOFF },
  { name: 'a payout\'s last attempt fails it', transfer: facts('PLANNED', { attempts: 9 }), event: { kind: 'SigningFailed', maxAttempts: 10 }, expect: 'FAILED' },

  // Broadcast.
  { name: 'a node took the bytes', transfer: facts('SIGNED'), event: { kind: 'Accepted' }, expect: 'BROADCAST' },
  { name: 'no node answered: backs off, holding up what follows', transfer: facts('SIGNED'), event: { kind: 'NodeUnreachable' }, expect: 'same', row: { ...BACKOFF, holds: true } },
  { name: 'refused past its deadline: looked at again soon, nothing counted', transfer: facts('SIGNED'), event: refused({ expires: true, deadlineOnly: true }), expect: 'same', row: { retry: { wait: 'soon', counted: false, refused: false } } },
  { name: 'refused where transactions expire: may still land, backs off', transfer: facts('SIGNED'), event: refused({ expires: true }), expect: 'same', row: { retry: { wait: 'backoff', counted: true, refused: true } } },
  { name: 'refused, its nonce holding up later ones: goes out again first', transfer: facts('SIGNED'), event: refused({ holdsUpLaterNonces: true }), expect: 'same', row: { ...BACKOFF, holds: true } },
  { name: 'refused for good', transfer: facts('SIGNED'), event: refused(), expect: 'FAILED' },

  // Proven never to land.
  { name: 'refused for another reason, proven dead: failed', transfer: facts('SIGNED', { refused: true }), event: { kind: 'ProvenDead' }, expect: 'FAILED' },
  { name: 'signed, refused for its deadline only, proven dead: signed anew', transfer: facts('SIGNED'), event: { kind: 'ProvenDead' }, expect: 'PLANNED', row: { bytes: 'archived' } },
  { name: 'broadcast, proven dead: signed anew, even after refused re-broadcasts', transfer: facts('BROADCAST', { refused: true }), event: { kind: 'ProvenDead' }, expect: 'PLANNED', row: { bytes: 'archived' } },

  // Followed on its chain.
  { name: 'as deep as required: confirmed', transfer: facts('BROADCAST', { confirmations: 11 }), event: { kind: 'Confirmations', count: 12, required: 12 }, expect: 'CONFIRMED' },
  { name: 'one more confirmation', transfer: facts('BROADCAST', { confirmations: 3 }), event: { kind: 'Confirmations', count: 4, required: 12 }, expect: 'same' },
  { name: 'no new confirmation', transfer: facts('BROADCAST', { confirmations: 4 }), event: { kind: 'Confirmations', count: 4, required: 12 }, expect: 'wait' },
  { name: 'failed on-chain, deep enough', transfer: facts('BROADCAST'), event: { kind: 'MinedFailed', confirmations: 12, required: 12 }, expect: 'FAILED' },
  { name: 'failed on-chain, not deep enough: a reorg may still mine it', transfer: facts('BROADCAST'), event: { kind: 'MinedFailed', confirmations: 11, required: 12 }, expect: 'wait' },
  { name: 'seen again after a refused re-broadcast: error cleared', transfer: facts('BROADCAST', { lastError: 'refused', attempts: 3 }), event: { kind: 'SeenAgain' }, expect: 'same' },
  { name: 'seen, nothing went wrong', transfer: facts('BROADCAST'), event: { kind: 'SeenAgain' }, expect: 'wait' },
  { name: 'dropped while its backoff runs', transfer: facts('BROADCAST', { nextAttemptAt: 2000 }), event: { kind: 'Dropped', now: 1999 }, expect: 'wait' },
  { name: 'dropped, backoff over: the same bytes again', transfer: facts('BROADCAST', { nextAttemptAt: 2000 }), event: { kind: 'Dropped', now: 2000 }, expect: 'same', row: { resends: true } },
  { name: 're-broadcast refused: backs off, the refusal stored', transfer: facts('BROADCAST'), event: { kind: 'RebroadcastRefused' }, expect: 'same', row: { retry: { wait: 'backoff', counted: true, refused: true } } },

  // The operator's replacements.
  { name: 'replace before signing', transfer: facts('PLANNED'), event: { kind: 'Replaced' }, expect: { reject: 'NOT_SIGNED' } },
  { name: 'replace once confirmed', transfer: facts('CONFIRMED'), event: { kind: 'Replaced' }, expect: { reject: 'CONFIRMED_ALREADY' } },
  { name: 'replace once failed', transfer: facts('FAILED'), event: { kind: 'Replaced' }, expect: { reject: 'FAILED_ALREADY' } },
  { name: 'replace signed bytes no node took: the sender sends the new ones', transfer: facts('SIGNED'), event: { kind: 'Replaced' }, expect: 'same', row: { bytes: 'replacement', kicks: true } },
  { name: 'replace broadcast bytes', transfer: facts('BROADCAST'), event: { kind: 'Replaced' }, expect: 'same', row: { bytes: 'replacement' } },
  { name: 'a child of a parent no node took', transfer: facts('SIGNED'), event: { kind: 'ChildAdded' }, expect: { reject: 'NOT_BROADCAST' } },
  { name: 'a child of a broadcast parent', transfer: facts('BROADCAST'), event: { kind: 'ChildAdded' }, expect: 'same', row: { bytes: 'replacement' } },
  { name: 'the filler of a transfer no node took is taken: followed from now on', transfer: facts('SIGNED'), event: { kind: 'FillerAccepted' }, expect: 'BROADCAST' },
  { name: 'the filler of a broadcast transfer is taken', transfer: facts('BROADCAST'), event: { kind: 'FillerAccepted' }, expect: 'wait' },
  { name: 'an earlier transaction is mined: followed instead', transfer: facts('BROADCAST'), event: { kind: 'EarlierMined' }, expect: 'same', row: { bytes: 'switched' } },
  { name: 'the filler is mined deep enough: failed', transfer: facts('BROADCAST'), event: { kind: 'FillerMined', confirmations: 12, required: 12 }, expect: 'FAILED' },
  { name: 'the filler is mined, not deep enough', transfer: facts('BROADCAST'), event: { kind: 'FillerMined', confirmations: 1, required: 12 }, expect: 'wait' },
];

describe('the transfer lifecycle table', () => {
  it.each(CASES)('$transfer.state + $event.kind: $name', ({ transfer, event, expect: expected, row }) => {
    const found = findTransferTransition(transfer, event);
    expect(found?.to).toEqual(expected);
    if (row) expect(found).toMatchObject(row);
    const decided = transition(transfer, event);
    if (typeof expected === 'object') {
      expect(decided).toEqual({
        ok: false,
        from: transfer.state,
        event: event.kind,
        refusal: expected.reject,
      });
      return;
    }
    const to = expected === 'same' || expected === 'wait' ? transfer.state : expected;
    expect(decided).toMatchObject({ ok: true, from: transfer.state, to, idle: expected === 'wait' });
    expect(decided.ok && decided.ends).toBe(to === 'CONFIRMED' || to === 'FAILED');
  });

  it('has a case for every row', () => {
    const covered = new Set(CASES.map((c) => findTransferTransition(c.transfer, c.event)));
    const missing = TRANSFER_TRANSITIONS.filter((row) => !covered.has(row)).map(
      (row) => `${row.on}: ${row.when}`,
    );
    expect(missing).toEqual([]);
  });

  // prettier-ignore
  it.each<[TransferState, TransferEvent]>([
    ['PLANNED', { kind: 'Accepted' }],
    ['PLANNED', { kind: 'ProvenDead' }],
    ['PLANNED', { kind: 'Confirmations', count: 1, required: 1 }],
    ['PLANNED', { kind: 'ChildAdded' }],
    ['HELD', { kind: 'Signed' }],
    ['HELD', { kind: 'OverLimit' }],
    ['HELD', { kind: 'SigningFailed', maxAttempts: 10 }],
    ['HELD', { kind: 'Accepted' }],
    ['SIGNED', { kind: 'OverLimit' }],
    ['SIGNED', { kind: 'Signed' }],
    ['SIGNED', { kind: 'Confirmations', count: 1, required: 1 }],
    ['SIGNED', { kind: 'Dropped', now: 0 }],
    ['BROADCAST', { kind: 'Signed' }],
    ['BROADCAST', { kind: 'Accepted' }],
    ['BROADCAST', { kind: 'NodeUnreachable' }],
    ['BROADCAST', { kind: 'SigningFailed', maxAttempts: 10 }],
    ['CONFIRMED', { kind: 'Confirmations', count: 12, required: 12 }],
    ['CONFIRMED', { kind: 'MinedFailed', confirmations: 12, required: 12 }],
    ['CONFIRMED', { kind: 'ProvenDead' }],
    ['CONFIRMED', { kind: 'Dropped', now: 0 }],
    ['FAILED', { kind: 'Signed' }],
    ['FAILED', { kind: 'Accepted' }],
    ['FAILED', { kind: 'FillerMined', confirmations: 12, required: 12 }],
  ])('refuses %s + %o', (state, event) => {
    expect(transition(facts(state), event)).toEqual({ ok: false, from: state, event: event.kind, refusal: 'ILLEGAL_MOVE' });
  });
});

describe('what the repository reads of the table', () => {
  it('derives the groups of states', () => {
    expect(SETTLED_STATES).toEqual(['CONFIRMED', 'FAILED']);
    expect(UNSETTLED_STATES).toEqual(['PLANNED', 'HELD', 'SIGNED', 'BROADCAST']);
    expect(SIGNED_UNSETTLED_STATES).toEqual(['SIGNED', 'BROADCAST']);
    expect(RETRYING_STATES).toEqual(['PLANNED', 'SIGNED', 'BROADCAST']);
  });

  it.each<[string, TransferState[], TransferState[]]>([
    ['signed from', leadsTo('SIGNED'), ['PLANNED']],
    ['broadcast from', leadsTo('BROADCAST'), ['SIGNED']],
    ['failed from', leadsTo('FAILED'), ['PLANNED', 'HELD', 'SIGNED', 'BROADCAST']],
    ['held from', leadsTo('HELD'), ['PLANNED']],
    ['approved from', leadsTo('PLANNED', 'Approved'), ['HELD']],
    ['screened in', takes('OverLimit'), ['PLANNED']],
    ['signed anew from', leadsTo('PLANNED', 'ProvenDead'), ['SIGNED', 'BROADCAST']],
    ['confirmed from', leadsTo('CONFIRMED'), ['BROADCAST']],
    ['sent to a node in', takes('Accepted'), ['SIGNED']],
    ['followed on-chain in', takes('Confirmations'), ['BROADCAST']],
    ['replaced in', takes('Replaced'), ['SIGNED', 'BROADCAST']],
    ['given a child in', takes('ChildAdded'), ['BROADCAST']],
  ])('%s %j', (_, states, expected) => {
    expect(states).toEqual(expected);
  });
});
