import type { DepositObserved, PayoutProgress, RefundProgress } from '@swap/contracts';
import { fromUnits, isSwapError, renderSwapOrder, Swap } from '@swap/domain';
import { createRequest, EngineHarness, T0, useEngineHarness } from '../test/engine-harness';
import type { ReturnDepositCommand } from './return-deposit.use-case';

const REFUND_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const OTHER_ADDRESS = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const FIRST = 'a1'.repeat(32);
const LATE = 'b2'.repeat(32);
const PAYOUT_TX = 'e5'.repeat(32);
const FURTHER_TX = 'e6'.repeat(32);

/**
 * Rule 1 in full, through the actor and the database: a deposit that confirms after the swap's
 * own credit is paid out on its own while the swap is open, and goes back by itself once it has
 * ended; operators step in only where no address is known or a return failed.
 */
describe('later deposits: paid out on their own, or returned by themselves', () => {
  const opened = useEngineHarness();
  let engine: EngineHarness;
  beforeEach(() => {
    engine = opened();
  });

  const report = (swap: Swap, txid: string, more: Partial<DepositObserved> = {}): DepositObserved => ({
    kind: 'deposit',
    swapId: swap.id,
    network: 'BTC',
    currency: 'BTC',
    address: swap.depositAddress,
    depositId: `BTC:${txid}:0`,
    txid,
    index: 0,
    amount: swap.amountFrom.toString(),
    confirmations: 1,
    blockHeight: 100,
    blockHash: 'c3'.repeat(32),
    reverted: false,
    observedAt: engine.clock.now(),
    ...more,
  });

  const payout = (swap: Swap, payoutId: string, more: Partial<PayoutProgress>): PayoutProgress => ({
    kind: 'payout',
    swapId: swap.id,
    payoutId,
    state: 'broadcast',
    txid: PAYOUT_TX,
    fee: null,
    feeCurrency: null,
    txKey: null,
    confirmations: 0,
    reason: null,
    observedAt: engine.clock.now(),
    ...more,
  });

  const progress = (swap: Swap, refundId: string, more: Partial<RefundProgress>): RefundProgress => ({
    kind: 'refund',
    swapId: swap.id,
    refundId,
    state: 'sent',
    txid: 'd4'.repeat(32),
    fee: '1000',
    feeCurrency: 'BTC',
    confirmations: 0,
    reason: null,
    observedAt: engine.clock.now(),
    ...more,
  });

  const find = async (id: string) => (await engine.swaps.find(id)) as Swap;
  const outbox = async (subject: string) =>
    (await engine.outboxRows()).filter((row) => row.subject.startsWith(subject));

  /** A BTC → ETH swap credited and its payout broadcast (SENDING). */
  async function sending(refundAddress: string | null = REFUND_ADDRESS): Promise<Swap> {
    const swap = await engine.createSwap.execute(createRequest({ refundAddress }));
    await engine.handleInput.execute(report(swap, FIRST));
    const { payoutId } = await engine.attempts(swap.id);
    await engine.handleInput.execute(payout(swap, payoutId as string, { state: 'broadcast' }));
    return find(swap.id);
  }

  /** ... and DONE, then a second deposit of 0.02 BTC confirmed. */
  async function doneWithLateDeposit(refundAddress: string | null = REFUND_ADDRESS): Promise<Swap> {
    const swap = await sending(refundAddress);
    const { payoutId } = await engine.attempts(swap.id);
    await engine.handleInput.execute(
      payout(swap, payoutId as string, { state: 'confirmed', confirmations: 1 }),
    );
    await engine.handleInput.execute(report(swap, LATE, { amount: '2000000', blockHeight: 101 }));
    return find(swap.id);
  }

  const refusal = async (command: ReturnDepositCommand): Promise<string> => {
    try {
      await engine.returnDeposit.execute(command);
    } catch (error) {
      if (isSwapError(error)) return `${error.code}: ${error.message}`;
      throw error;
    }
    throw new Error('the return was not refused');
  };

  describe('while the swap is open (float)', () => {
    it('SENDING: a further deposit is paid out on its own at the rate of its moment; DONE once both payouts landed', async () => {
      const swap = await sending();
      engine.clock.set(T0 + 600);
      engine.setPrices({ BTC: '64000', ETH: '4000' });

      await engine.handleInput.execute(report(swap, LATE, { amount: '500000', blockHeight: 101 }));

      const paying = await find(swap.id);
      const further = `${swap.id}-further-1`;
      // 0.005 BTC × 16 × (1 − 0.25 %) = 0.0798 ETH.
      expect(paying).toMatchObject({
        status: 'SENDING',
        later: [
          {
            tx: LATE,
            handling: 'PAID',
            payout: { id: further, amountTo: 79_800_000_000_000_000n, state: 'REQUESTED' },
          },
        ],
      });
      expect((await outbox('treasury.payout')).map((row) => row.payload)).toMatchObject([
        { swapId: swap.id, amount: swap.amountTo.toString() },
        { payoutId: further, swapId: swap.id, address: swap.toAddress, amount: '79800000000000000' },
      ]);

      // The swap's own payout lands first: still SENDING, the further one is on its way.
      const { payoutId } = await engine.attempts(swap.id);
      await engine.handleInput.execute(
        payout(swap, payoutId as string, { state: 'confirmed', confirmations: 1 }),
      );
      expect(await find(swap.id)).toMatchObject({ status: 'SENDING', time: { finish: null } });
      await engine.handleInput.execute(payout(swap, further, { txid: FURTHER_TX, state: 'broadcast' }));
      engine.clock.set(T0 + 900);
      await engine.handleInput.execute(
        payout(swap, further, { txid: FURTHER_TX, state: 'confirmed', confirmations: 1 }),
      );

      const done = await find(swap.id);
      expect(done).toMatchObject({ status: 'DONE', time: { finish: T0 + 900 } });
      const order = renderSwapOrder(done, { now: T0 + 900, publicUrl: 'https://swap.example' });
      expect(order.from.amountDeposited).toBe('0.01500000');
      expect(order.to.amount).toBe(fromUnits(swap.amountTo + 79_800_000_000_000_000n, 18, 8));
      expect(order.to.tx).toMatchObject({ id: FURTHER_TX, confirmations: 1 });
      expect(await engine.deposits.forSwap(swap.id)).toMatchObject([{ credited: true }, { credited: true }]);
    });

    it('a further deposit below the pair minimum goes back, less 1 %; the swap walks on', async () => {
      const swap = await sending();
      await engine.handleInput.execute(report(swap, LATE, { amount: '1000', blockHeight: 101 }));
      expect(await find(swap.id)).toMatchObject({
        status: 'SENDING',
        later: [{ handling: 'RETURNED', payout: null }],
        returns: [{ id: `${swap.id}-return-1`, state: 'REQUESTED', amount: 990n, address: REFUND_ADDRESS }],
      });
      expect((await outbox('refunds.refund')).map((row) => row.payload)).toMatchObject([
        { refundId: `${swap.id}-return-1`, amount: '990', deposited: '1000' },
      ]);
    });

    it('a further payout that fails sends its deposit back instead', async () => {
      const swap = await sending();
      await engine.handleInput.execute(report(swap, LATE, { amount: '500000', blockHeight: 101 }));
      await engine.handleInput.execute(
        payout(swap, `${swap.id}-further-1`, { state: 'failed', txid: null, reason: 'rejected by the node' }),
      );
      expect(await find(swap.id)).toMatchObject({
        status: 'SENDING',
        later: [{ handling: 'RETURNED', payout: { state: 'FAILED' } }],
        returns: [{ state: 'REQUESTED', amount: 495_000n }],
      });
    });
  });

  describe('after the swap ended', () => {
    it("goes back to the swap's refund address by itself, less the refund fee, once", async () => {
      const swap = await doneWithLateDeposit();
      expect(swap).toMatchObject({
        status: 'DONE',
        returns: [
          { id: `${swap.id}-return-1`, state: 'REQUESTED', deposited: 2_000_000n, amount: 1_980_000n },
        ],
      });
      // A repeated report of the deposit changes nothing.
      await engine.handleInput.execute(
        report(swap, LATE, { amount: '2000000', blockHeight: 101, confirmations: 2 }),
      );
      expect(await find(swap.id)).toEqual(swap);

      expect((await outbox('refunds.refund')).map((row) => row.payload)).toEqual([
        expect.objectContaining({
          refundId: `${swap.id}-return-1`,
          swapId: swap.id,
          address: REFUND_ADDRESS,
          amount: '1980000',
          deposited: '2000000',
        }),
      ]);
      expect((await outbox(`engine.returns.${swap.id}`)).map((row) => row.payload)).toMatchObject([
        {
          returnId: `${swap.id}-return-1`,
          state: 'requested',
          depositAddress: swap.depositAddress,
          depositIndex: swap.depositIndex,
        },
      ]);
      expect(await refusal({ swapId: swap.id, depositId: `BTC:${LATE}:0`, address: OTHER_ADDRESS })).toMatch(
        /^DEPOSIT_RETURN_NOT_POSSIBLE: .*a return of it is under way or done/,
      );
    });

    it('without a refund address it waits, and an operator may give one', async () => {
      const swap = await doneWithLateDeposit(null);
      expect(swap.returns).toMatchObject([{ state: 'WAITING', address: null }]);
      expect(await outbox('refunds.refund')).toEqual([]);
      expect(await refusal({ swapId: swap.id, depositId: `BTC:${LATE}:0`, address: null })).toMatch(
        /the swap has no refund address; give one/,
      );

      const ret = await engine.returnDeposit.execute({
        swapId: swap.id,
        depositId: `BTC:${LATE}:0`,
        address: OTHER_ADDRESS,
      });

      expect(ret).toMatchObject({
        returnId: `${swap.id}-return-1`,
        state: 'requested',
        address: OTHER_ADDRESS,
      });
      expect((await outbox('refunds.refund')).map((row) => row.payload)).toMatchObject([
        { refundId: `${swap.id}-return-1`, address: OTHER_ADDRESS },
      ]);
      expect(await find(swap.id)).toMatchObject({ status: 'DONE', refundAddress: null });
    });

    it('EXPIRED: the refund address comes with /swap/emergency REFUND', async () => {
      const swap = await engine.createSwap.execute(createRequest());
      engine.clock.set(T0 + 3600);
      await engine.commands.expire(swap.id);
      await engine.handleInput.execute(report(swap, LATE));
      await expect(engine.commands.resolve(swap.id, 'REFUND', null)).rejects.toMatchObject({
        code: 'REFUND_ADDRESS_REQUIRED',
      });
      await expect(engine.commands.resolve(swap.id, 'REFUND', '0xnot-bitcoin')).rejects.toMatchObject({
        code: 'INVALID_REFUND_ADDRESS',
      });

      const resolved = await engine.commands.resolve(swap.id, 'REFUND', REFUND_ADDRESS);

      expect(resolved).toMatchObject({
        status: 'EXPIRED',
        refundAddress: REFUND_ADDRESS,
        returns: [{ state: 'REQUESTED', address: REFUND_ADDRESS, amount: 990_000n }],
      });
      expect(await outbox('refunds.refund')).toHaveLength(1);
      // Nothing else waits: another REFUND is refused as before.
      await expect(engine.commands.resolve(swap.id, 'REFUND', REFUND_ADDRESS)).rejects.toMatchObject({
        code: 'REFUND_NOT_POSSIBLE',
      });
    });

    it('refuses what is not its to return, or no longer on the chain, or not confirmed', async () => {
      const swap = await doneWithLateDeposit(null);
      const late = `BTC:${LATE}:0`;
      expect(await refusal({ swapId: swap.id, depositId: `BTC:${FIRST}:0`, address: OTHER_ADDRESS })).toMatch(
        /the swap was credited with it/,
      );
      expect(await refusal({ swapId: swap.id, depositId: 'BTC:ff:0', address: OTHER_ADDRESS })).toMatch(
        /the swap has no deposit BTC:ff:0/,
      );
      expect(await refusal({ swapId: swap.id, depositId: late, address: '0xnot-bitcoin' })).toBe(
        'INVALID_REFUND_ADDRESS: Invalid refund address for BTC',
      );
      // The waiting deposit leaves the chain: its return is forgotten.
      await engine.handleInput.execute(
        report(swap, LATE, { reverted: true, confirmations: 0, blockHeight: null }),
      );
      expect(await find(swap.id)).toMatchObject({ returns: [], later: [] });
      expect(await refusal({ swapId: swap.id, depositId: late, address: OTHER_ADDRESS })).toMatch(
        /it is no longer on the chain/,
      );
      await engine.handleInput.execute(
        report(swap, 'f6'.repeat(32), { confirmations: 0, blockHeight: null, blockHash: null }),
      );
      expect(
        await refusal({ swapId: swap.id, depositId: `BTC:${'f6'.repeat(32)}:0`, address: OTHER_ADDRESS }),
      ).toMatch(/it has 0 of 1 confirmations/);
    });

    it("follows the return's refund apart from the swap's, and lets an operator send a failed one again", async () => {
      const swap = await doneWithLateDeposit();
      const first = `${swap.id}-return-1`;

      await engine.handleInput.execute(progress(swap, first, { state: 'sent', confirmations: 0 }));
      await engine.handleInput.execute(progress(swap, first, { state: 'sent', confirmations: 0 }));
      expect((await find(swap.id)).returns[0]).toMatchObject({
        state: 'SENT',
        tx: { id: 'd4'.repeat(32), fee: 1000n, feeCurrency: 'BTC' },
      });
      await engine.handleInput.execute(
        progress(swap, first, { state: 'failed', txid: null, fee: null, reason: 'double spend' }),
      );
      // A late report of a state it has left changes nothing.
      await engine.handleInput.execute(progress(swap, first, { state: 'sent', confirmations: 1 }));
      expect((await find(swap.id)).returns[0]).toMatchObject({
        state: 'FAILED',
        reason: expect.stringContaining('double spend'),
      });
      expect(await find(swap.id)).toMatchObject({ status: 'DONE' });

      const second = await engine.returnDeposit.execute({
        swapId: swap.id,
        depositId: `BTC:${LATE}:0`,
        address: OTHER_ADDRESS,
      });
      expect(second).toMatchObject({ returnId: `${swap.id}-return-2`, address: OTHER_ADDRESS });
      await engine.handleInput.execute(
        progress(swap, second.returnId, { state: 'confirmed', confirmations: 1 }),
      );
      expect((await find(swap.id)).returns[1]).toMatchObject({
        state: 'CONFIRMED',
        tx: { confirmations: 1 },
      });
      expect((await outbox(`engine.returns.${swap.id}`)).map((row) => row.msg_id)).toEqual([
        `${first}:requested`,
        `${first}:sent`,
        `${first}:failed`,
        `${second.returnId}:requested`,
        `${second.returnId}:confirmed`,
      ]);
    });
  });
});
