import fc from 'fast-check';
import type { TransferEvent, TransferFacts, TransferState } from './transfer.events';
import { SETTLED_STATES, transition } from './transfer.lifecycle';

const count = fc.integer({ min: 0, max: 13 });
const eventArb: fc.Arbitrary<TransferEvent> = fc.oneof(
  fc.constantFrom<TransferEvent>(
    { kind: 'OverLimit' },
    { kind: 'Approved' },
    { kind: 'Rejected' },
    { kind: 'Signed' },
    { kind: 'SignerNotReady' },
    { kind: 'Unsignable' },
    { kind: 'Accepted' },
    { kind: 'NodeUnreachable' },
    { kind: 'ProvenDead' },
    { kind: 'SeenAgain' },
    { kind: 'RebroadcastRefused' },
    { kind: 'Replaced' },
    { kind: 'ChildAdded' },
    { kind: 'FillerAccepted' },
    { kind: 'EarlierMined' },
  ),
  fc
    .integer({ min: 1, max: 12 })
    .map((maxAttempts): TransferEvent => ({ kind: 'SigningFailed', maxAttempts })),
  fc
    .record({ expires: fc.boolean(), deadlineOnly: fc.boolean(), holdsUpLaterNonces: fc.boolean() })
    .map((facts): TransferEvent => ({ kind: 'Refused', ...facts })),
  fc
    .tuple(count, count)
    .map(([n, required]): TransferEvent => ({ kind: 'Confirmations', count: n, required })),
  fc
    .tuple(count, count)
    .map(([confirmations, required]): TransferEvent => ({ kind: 'MinedFailed', confirmations, required })),
  fc
    .tuple(count, count)
    .map(([confirmations, required]): TransferEvent => ({ kind: 'FillerMined', confirmations, required })),
  fc.integer({ min: 0, max: 3000 }).map((now): TransferEvent => ({ kind: 'Dropped', now })),
);

/** What the guards read besides the state, drawn afresh at each step. */
const factsArb = fc.record({
  kind: fc.constantFrom('payout' as const, 'refund' as const, 'sweep' as const),
  attempts: fc.integer({ min: 0, max: 12 }),
  nextAttemptAt: fc.integer({ min: 0, max: 3000 }),
  lastError: fc.constantFrom(null, 'the node refused it'),
  refused: fc.boolean(),
  confirmations: count,
});

const walkArb = fc.array(fc.tuple(factsArb, eventArb), { maxLength: 60 });

/**
 * A transfer's signed transactions as the table's rows describe them: the bytes it carries, those
 * archived (proven dead) or recorded as replacements, and every one handed to a node.
 */
interface Bytes {
  current: number | null;
  next: number;
  accounted: Set<number>;
  sent: Set<number>;
}

const SENDS = new Set<TransferEvent['kind']>([
  'Accepted',
  'NodeUnreachable',
  'Refused',
  'RebroadcastRefused',
]);

function walk(
  steps: Array<[Omit<TransferFacts, 'state'>, TransferEvent]>,
  visit: (from: TransferState, to: TransferState, bytes: Bytes) => void,
) {
  let state: TransferState = 'PLANNED';
  const bytes: Bytes = { current: null, next: 1, accounted: new Set(), sent: new Set() };
  for (const [more, event] of steps) {
    const decided = transition({ ...more, state }, event);
    if (!decided.ok) continue;
    const { row } = decided;
    if (SENDS.has(event.kind) || row.resends) bytes.sent.add(bytes.current ?? -1);
    switch (row.bytes) {
      case 'stored':
        if (bytes.current !== null) throw new Error(`signed anew while ${bytes.current} may still land`);
        bytes.current = bytes.next++;
        break;
      case 'archived':
        bytes.accounted.add(bytes.current ?? -1);
        bytes.current = null;
        break;
      case 'replacement':
      case 'switched':
        // Stored beside the bytes they conflict with: whichever is mined settles the transfer.
        bytes.accounted.add(bytes.current ?? -1);
        bytes.current = bytes.next++;
        bytes.accounted.add(bytes.current);
        break;
    }
    visit(state, decided.to, bytes);
    state = decided.to;
  }
  return state;
}

describe('the transfer lifecycle, over any sequence of events', () => {
  it('never moves a CONFIRMED or FAILED transfer again, nor writes on it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SETTLED_STATES), factsArb, eventArb, (state, more, event) => {
        const decided = transition({ ...more, state }, event);
        return !decided.ok || (decided.idle && decided.to === state);
      }),
    );
  });

  it('leaves HELD only by an operator: approved back to PLANNED, or rejected to FAILED', () => {
    fc.assert(
      fc.property(factsArb, eventArb, (more, event) => {
        const decided = transition({ ...more, state: 'HELD' }, event);
        if (!decided.ok) return true;
        const byOperator: Record<string, string> = { Approved: 'PLANNED', Rejected: 'FAILED' };
        return decided.to === byOperator[event.kind] && decided.row.bytes === undefined;
      }),
    );
  });

  it('settles at most once, and a settled transfer stays as it is', () => {
    fc.assert(
      fc.property(walkArb, (steps) => {
        let settledIn: TransferState | null = null;
        walk(steps, (from, to) => {
          if (settledIn !== null) expect(to).toBe(settledIn);
          if (SETTLED_STATES.includes(to)) settledIn = to;
          expect(from === to || !SETTLED_STATES.includes(from)).toBe(true);
        });
      }),
    );
  });

  it('never hands a node two different signed transactions unless recorded as replacements or archived', () => {
    fc.assert(
      fc.property(walkArb, (steps) => {
        walk(steps, (_from, to, bytes) => {
          expect(bytes.sent.has(-1)).toBe(false);
          const unaccounted = [...bytes.sent].filter((b) => b !== bytes.current && !bytes.accounted.has(b));
          expect(unaccounted).toEqual([]);
          // Bytes are carried exactly while signed and not settled, or once settled on them.
          if (to === 'PLANNED' || to === 'HELD') expect(bytes.current).toBeNull();
          if (to === 'SIGNED' || to === 'BROADCAST' || to === 'CONFIRMED')
            expect(bytes.current).not.toBeNull();
        });
      }),
    );
  });
});
