import type { DepositObserved, RefundProgress } from '@swap/contracts';
import { isSwapError, Swap } from '@swap/domain';
import { createRequest, EngineHarness, T0, useEngineHarness } from '../test/engine-harness';
import type { ReturnDepositCommand } from './return-deposit.use-case';

const REFUND_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const OTHER_ADDRESS = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const FIRST = 'a1'.repeat(32);
const LATE = 'b2'.repeat(32);

describe('ReturnDeposit: an operator sends back a deposit the swap did not take', () => {
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

  /** A BTC → ETH swap credited and paid out (DONE), then a second deposit of 0.02 BTC confirmed. */
  async function doneWithLateDeposit(refundAddress: string | null = REFUND_ADDRESS): Promise<Swap> {
    const swap = await engine.createSwap.execute(createRequest({ refundAddress }));
    await engine.handleInput.execute(report(swap, FIRST));
    const { payoutId } = await engine.attempts(swap.id);
    const paid = {
      kind: 'payout' as const,
      swapId: swap.id,
      payoutId: payoutId as string,
      txid: 'e5'.repeat(32),
    };
    const common = {
      fee: null,
      feeCurrency: null,
      txKey: null,
      reason: null,
      observedAt: engine.clock.now(),
    };
    await engine.handleInput.execute({ ...paid, ...common, state: 'broadcast', confirmations: 0 } as const);
    await engine.handleInput.execute({ ...paid, ...common, state: 'confirmed', confirmations: 1 } as const);
    await engine.handleInput.execute(report(swap, LATE, { amount: '2000000', blockHeight: 101 }));
    return (await engine.swaps.find(swap.id)) as Swap;
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

  const returnsOf = async (swapId: string) =>
    (await engine.outboxRows()).filter((row) => row.subject === `engine.returns.${swapId}`);

  it("sends the late deposit back to the swap's refund address, less the refund fee, once", async () => {
    const swap = await doneWithLateDeposit();
    expect(swap.status).toBe('DONE');

    const ret = await engine.returnDeposit.execute({
      swapId: swap.id,
      depositId: `BTC:${LATE}:0`,
      address: null,
    });

    expect(ret).toMatchObject({
      returnId: `${swap.id}-return-1`,
      state: 'requested',
      address: REFUND_ADDRESS,
      deposited: 2_000_000n,
      amount: 1_980_000n,
      requestedAt: T0,
    });
    const refundCommand = (await engine.outboxRows()).find((row) => row.subject === 'refunds.refund.BTC');
    expect(refundCommand?.payload).toMatchObject({
      refundId: ret.returnId,
      swapId: swap.id,
      address: REFUND_ADDRESS,
      amount: '1980000',
      deposited: '2000000',
    });
    expect((await returnsOf(swap.id)).map((row) => row.payload)).toMatchObject([
      {
        returnId: ret.returnId,
        state: 'requested',
        depositAddress: swap.depositAddress,
        depositIndex: swap.depositIndex,
      },
    ]);
    // The swap itself is untouched: it ended, and stays as it ended.
    expect(await engine.swaps.find(swap.id)).toMatchObject({ status: 'DONE', version: swap.version });

    expect(await refusal({ swapId: swap.id, depositId: `BTC:${LATE}:0`, address: OTHER_ADDRESS })).toBe(
      'DEPOSIT_RETURN_NOT_POSSIBLE: Cannot return the deposit: it is being returned or was returned already',
    );
    expect(await engine.returns.forSwap(swap.id)).toHaveLength(1);
  });

  it('refuses what is not a late deposit, or no longer on the chain, or not confirmed, or has nowhere to go', async () => {
    const swap = await doneWithLateDeposit(null);
    const late = `BTC:${LATE}:0`;
    expect(await refusal({ swapId: swap.id, depositId: `BTC:${FIRST}:0`, address: OTHER_ADDRESS })).toMatch(
      /the swap was credited with it/,
    );
    expect(await refusal({ swapId: swap.id, depositId: 'BTC:ff:0', address: OTHER_ADDRESS })).toMatch(
      /the swap has no deposit BTC:ff:0/,
    );
    expect(await refusal({ swapId: swap.id, depositId: late, address: null })).toMatch(
      /the swap has no refund address; give one/,
    );
    expect(await refusal({ swapId: swap.id, depositId: late, address: '0xnot-bitcoin' })).toBe(
      'INVALID_REFUND_ADDRESS: Invalid refund address for BTC',
    );
    await engine.handleInput.execute(
      report(swap, LATE, { reverted: true, confirmations: 0, blockHeight: null }),
    );
    expect(await refusal({ swapId: swap.id, depositId: late, address: OTHER_ADDRESS })).toMatch(
      /it is no longer on the chain/,
    );
    await engine.handleInput.execute(
      report(swap, 'f6'.repeat(32), { confirmations: 0, blockHeight: null, blockHash: null }),
    );
    expect(
      await refusal({ swapId: swap.id, depositId: `BTC:${'f6'.repeat(32)}:0`, address: OTHER_ADDRESS }),
    ).toMatch(/it has 0 of 1 confirmations/);
    expect(await engine.returns.forSwap(swap.id)).toEqual([]);
  });

  it('waits for the swap to end: a deposit after the crediting may still be paid out with it', async () => {
    const swap = await engine.createSwap.execute(createRequest({ refundAddress: REFUND_ADDRESS }));
    await engine.handleInput.execute(report(swap, FIRST));
    await engine.handleInput.execute(report(swap, LATE, { blockHeight: 101 }));
    expect(await refusal({ swapId: swap.id, depositId: `BTC:${LATE}:0`, address: null })).toBe(
      'DEPOSIT_RETURN_NOT_POSSIBLE: Cannot return the deposit: the swap is EXCHANGING; a deposit it did not take can be returned once it is DONE, EXPIRED or REFUNDED',
    );
  });

  it("follows the return's refund apart from the swap's, and lets a failed one be tried again", async () => {
    const swap = await doneWithLateDeposit();
    const late = { swapId: swap.id, depositId: `BTC:${LATE}:0`, address: null };
    const first = await engine.returnDeposit.execute(late);

    await engine.handleInput.execute(progress(swap, first.returnId, { state: 'sent', confirmations: 0 }));
    await engine.handleInput.execute(progress(swap, first.returnId, { state: 'sent', confirmations: 0 }));
    expect(await engine.returns.find(first.returnId)).toMatchObject({
      state: 'sent',
      txid: 'd4'.repeat(32),
      fee: 1000n,
      feeCurrency: 'BTC',
    });
    await engine.handleInput.execute(
      progress(swap, first.returnId, { state: 'failed', txid: null, fee: null, reason: 'double spend' }),
    );
    // A late report of a state it has left changes nothing.
    await engine.handleInput.execute(progress(swap, first.returnId, { state: 'sent', confirmations: 1 }));
    expect(await engine.returns.find(first.returnId)).toMatchObject({
      state: 'failed',
      reason: 'double spend',
    });
    expect((await returnsOf(swap.id)).map((row) => row.payload.state)).toEqual([
      'requested',
      'sent',
      'failed',
    ]);
    expect(await engine.swaps.find(swap.id)).toMatchObject({ status: 'DONE', version: swap.version });

    const second = await engine.returnDeposit.execute({ ...late, address: OTHER_ADDRESS });
    expect(second).toMatchObject({ returnId: `${swap.id}-return-2`, address: OTHER_ADDRESS });
    await engine.handleInput.execute(
      progress(swap, second.returnId, { state: 'confirmed', confirmations: 1 }),
    );
    expect(await engine.returns.find(second.returnId)).toMatchObject({
      state: 'confirmed',
      confirmations: 1,
    });
    expect((await returnsOf(swap.id)).map((row) => row.msg_id)).toEqual([
      `${first.returnId}:requested`,
      `${first.returnId}:sent`,
      `${first.returnId}:failed`,
      `${second.returnId}:requested`,
      `${second.returnId}:confirmed`,
    ]);
  });
});
