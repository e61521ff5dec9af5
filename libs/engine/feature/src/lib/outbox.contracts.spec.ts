import * as contracts from '@swap/contracts';
import { BUS_ACCESS } from '@swap/contracts';
import { newSwap, REFUND_ADDRESS, T0 } from '@swap/domain/testing';
import { UndeliverableMessageError, type OutboxMessage } from '@swap/engine-data';
import { depositReturnEvents } from './deposit-returns';
import { moneyCommands } from './money-commands';
import {
  findOutboxContract,
  OUTBOX_CONTRACTS,
  outboxContractOf,
  type OutboxContractName,
} from './outbox.contracts';
import { swapUpdatedMessage } from './swap-updated.message';

const swap = newSwap({ status: 'EXCHANGING', amountDeposited: 1_000_000n, version: 4 });
const returning = newSwap({
  ...swap,
  returns: [
    {
      id: `${swap.id}-return-1`,
      deposit: `BTC:${'7'.repeat(64)}:0`,
      depositTx: '7'.repeat(64),
      deposited: 200_000n,
      amount: 198_000n,
      address: REFUND_ADDRESS,
      state: 'REQUESTED',
      tx: null,
      reason: 'It came after the swap ended',
      requestedAt: T0,
    },
  ],
});
const [payout, refund] = moneyCommands(
  swap,
  [
    { kind: 'RequestPayout', amount: 5n, address: swap.toAddress },
    { kind: 'RequestRefund', amount: 7n, address: REFUND_ADDRESS },
  ],
  T0,
).messages;

/** A message of each contract, made as the engine makes it, with the subject it has always had. */
const MADE: Array<[string, OutboxMessage, string]> = [
  ['swapUpdated', swapUpdatedMessage(swap), `swap.${swap.id}.updated`],
  ['treasuryPayoutRequested', payout, 'treasury.payout.ETH'],
  ['refundRequested', refund, 'refunds.refund.BTC'],
  ['depositReturnUpdated', depositReturnEvents(swap, returning)[0], `engine.returns.${swap.id}`],
];

describe('OUTBOX_CONTRACTS, what the engine publishes through its outbox', () => {
  it('holds every event the engine publishes, and nothing else', () => {
    const held = Object.values(OUTBOX_CONTRACTS).map((entry) => entry.contract.name);
    expect(held.sort()).toEqual(BUS_ACCESS.engine.publishes.map((contract) => contract.name).sort());
  });

  it('names each contract by its export from @swap/contracts', () => {
    for (const [name, entry] of Object.entries(OUTBOX_CONTRACTS)) {
      expect((contracts as Record<string, unknown>)[name]).toBe(entry.contract);
    }
  });

  it('has a message of each contract made by the engine in this table', () => {
    expect(MADE.map(([name]) => name).sort()).toEqual(Object.keys(OUTBOX_CONTRACTS).sort());
  });

  it.each(MADE)('%s: named, on its subject, valid, in the lane of its swap', (name, message, subject) => {
    const entry = OUTBOX_CONTRACTS[name as OutboxContractName];
    const relayed = outboxContractOf(message);
    expect(relayed).toBe(entry);
    expect(message.contract).toBe(name);
    expect(message.subject).toBe(subject);
    expect(relayed.contract.subject(...relayed.params(message.payload as object))).toBe(subject);
    expect(relayed.swapId(message.payload as object)).toBe(swap.id);
    expect(entry.contract.schema.safeParse(message.payload).success).toBe(true);
  });

  it('refuses a name it does not know: an error, not a silent drop', () => {
    for (const contract of ['swapRemoved', 'swap.updated', 'toString', '__proto__', '']) {
      const message = { contract, subject: `swap.${swap.id}.updated` };
      expect(findOutboxContract(message)).toBeUndefined();
      expect(() => outboxContractOf(message)).toThrow(UndeliverableMessageError);
    }
    expect(() => outboxContractOf({ contract: 'swapRemoved', subject: 'swap.x.updated' })).toThrow(
      'no outbox contract swapRemoved (subject swap.x.updated)',
    );
  });

  it.each(MADE)(
    '%s: found by its subject on a row written before rows named their contract',
    (name, message) => {
      expect(outboxContractOf({ contract: null, subject: message.subject })).toBe(
        OUTBOX_CONTRACTS[name as OutboxContractName],
      );
    },
  );

  it('finds no contract for an old row whose subject no contract has', () => {
    for (const subject of [
      `swap.${swap.id}.created`,
      'treasury.payout',
      'treasury.sweep.BTC',
      'swap.a.b.updated',
    ]) {
      expect(findOutboxContract({ contract: null, subject })).toBeUndefined();
      expect(() => outboxContractOf({ contract: null, subject })).toThrow(UndeliverableMessageError);
    }
  });
});
