import type { DepositObserved, PayoutProgress, RefundProgress } from '@swap/contracts';
import { Swap } from '@swap/domain';
import { SwapRepository } from '@swap/engine-data';
import { createRequest, EngineHarness, T0, useEngineHarness } from '../test/engine-harness';
import { ApplySwapEvent } from './apply-event';
import { HandleEngineInput } from './handle-input.use-case';
import { SwapMailbox } from './swap-mailbox';

const TXID = 'a1'.repeat(32);
const REFUND_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe('HandleEngineInput: the actor applies chain and treasury reports', () => {
  const opened = useEngineHarness();
  let engine: EngineHarness;
  beforeEach(() => {
    engine = opened();
  });

  const btcToEth = (overrides: Parameters<typeof createRequest>[0] = {}) =>
    engine.createSwap.execute(createRequest(overrides));

  const deposit = (swap: Swap, more: Partial<DepositObserved> = {}): DepositObserved => ({
    kind: 'deposit',
    swapId: swap.id,
    network: 'BTC',
    currency: swap.from,
    address: swap.depositAddress,
    depositId: `BTC:${TXID}:0`,
    txid: TXID,
    index: 0,
    amount: swap.amountFrom.toString(),
    confirmations: 0,
    blockHeight: null,
    blockHash: null,
    reverted: false,
    observedAt: engine.clock.now(),
    ...more,
  });

  const mined = (swap: Swap, confirmations: number, more: Partial<DepositObserved> = {}) =>
    deposit(swap, { confirmations, blockHeight: 100, blockHash: 'b1'.repeat(32), ...more });

  const payout = (swapId: string, payoutId: string, more: Partial<PayoutProgress>): PayoutProgress => ({
    kind: 'payout',
    swapId,
    payoutId,
    state: 'broadcast',
    txid: 'c3'.repeat(32),
    fee: '21000000000000',
    feeCurrency: 'ETH',
    txKey: null,
    confirmations: 0,
    reason: null,
    observedAt: engine.clock.now(),
    ...more,
  });

  const refund = (swapId: string, refundId: string, more: Partial<RefundProgress>): RefundProgress => ({
    kind: 'refund',
    swapId,
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
  const commands = async () => (await engine.outboxRows()).filter((row) => !row.subject.startsWith('swap.'));

  it('a mempool deposit makes the swap PENDING and is logged', async () => {
    const swap = await btcToEth();
    engine.clock.set(T0 + 60);

    await engine.handleInput.execute(deposit(swap));

    expect(await find(swap.id)).toMatchObject({
      status: 'PENDING',
      depositTx: { id: TXID, amount: 1_000_000n, confirmations: 0 },
      time: { start: T0 + 60 },
    });
    expect(await engine.deposits.forSwap(swap.id)).toMatchObject([
      { depositId: `BTC:${TXID}:0`, amount: 1_000_000n, confirmations: 0, reverted: false },
    ]);
  });

  it('credits at the market of the moment the confirmations are reached and asks the treasury to pay', async () => {
    const swap = await btcToEth();
    await engine.handleInput.execute(deposit(swap));
    // Rule 1: a float swap takes the rate of the moment it confirms, here 16 instead of 15.
    engine.clock.set(T0 + 600);
    engine.setPrices({ BTC: '64000', ETH: '4000' });

    await engine.handleInput.execute(mined(swap, 1));

    const credited = await find(swap.id);
    // 0.01 BTC × 16 × (1 − 0.25 %) = 0.1596 ETH.
    expect(credited).toMatchObject({
      status: 'EXCHANGING',
      amountDeposited: 1_000_000n,
      amountTo: 159_600_000_000_000_000n,
      rateActual: '16',
    });
    const payoutId = `${swap.id}-payout-${credited.version}`;
    expect(await commands()).toMatchObject([
      {
        msg_id: payoutId,
        subject: 'treasury.payout.ETH',
        payload: {
          payoutId,
          swapId: swap.id,
          currency: 'ETH',
          amount: '159600000000000000',
          address: swap.toAddress,
        },
      },
    ]);

    // The same report again (a redelivery, a rescan) changes nothing and pays nothing twice.
    await engine.handleInput.execute(mined(swap, 1));
    await engine.handleInput.execute(mined(swap, 3));
    expect(await find(swap.id)).toEqual(credited);
    expect(await commands()).toHaveLength(1);
  });

  it('passes through PENDING and CONFIRMING when the first report already has the confirmations', async () => {
    const swap = await btcToEth();
    engine.clock.set(T0 + 600);
    engine.setPrices();

    // The mempool sighting was missed: the first the swap hears is its one required confirmation.
    await engine.handleInput.execute(mined(swap, 1));

    const events = (await engine.outboxRows()).filter((row) => row.subject.startsWith('swap.'));
    expect(events.map((row) => [row.payload['status'], row.payload['version']])).toEqual([
      ['NEW', 1],
      ['PENDING', 2],
      ['CONFIRMING', 3],
      ['EXCHANGING', 4],
    ]);
    expect(await find(swap.id)).toMatchObject({
      status: 'EXCHANGING',
      depositTx: { id: TXID, confirmations: 1 },
      time: { start: T0 + 600 },
    });
    expect(await commands()).toHaveLength(1);
  });

  it('credits once when a second engine instance handles the same report at the same moment', async () => {
    const swap = await btcToEth();
    await engine.handleInput.execute(deposit(swap));
    // A moving partition: the old and the new owner both read the swap before either saves.
    const swaps = new SwapRepository(engine.dataSource);
    const other = new HandleEngineInput(
      swaps,
      engine.deposits,
      new ApplySwapEvent(swaps, new SwapMailbox()),
      engine.market,
      engine.logger,
      engine.clock.now,
    );

    // One message, delivered to both.
    const seq = engine.nextSeq();
    await Promise.all([engine.handleInput.execute(mined(swap, 1), seq), other.execute(mined(swap, 1), seq)]);

    // PENDING (the mempool report), then CONFIRMING and EXCHANGING once, whoever applied them.
    expect(await find(swap.id)).toMatchObject({ status: 'EXCHANGING', version: 4 });
    expect(await commands()).toHaveLength(1);
  });

  it('counts confirmations below the requirement, even when the mempool sighting was missed', async () => {
    engine.setPrices({ BTC: '60000', ETH: '4000', LTC: '80' });
    const swap = await btcToEth({
      from: 'LTC',
      amount: '100000000',
      toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    const ltc = { network: 'LTC' as const, depositId: `LTC:${TXID}:1`, index: 1 };

    await engine.handleInput.execute(mined(swap, 1, ltc));
    expect(await find(swap.id)).toMatchObject({ status: 'CONFIRMING', depositTx: { confirmations: 1 } });

    await engine.handleInput.execute(mined(swap, 2, ltc));
    expect(await find(swap.id)).toMatchObject({ status: 'EXCHANGING', depositTx: { confirmations: 2 } });
  });

  describe('extra deposits to the same address (rule 1)', () => {
    const TXID2 = 'e5'.repeat(32);
    const ltcSwap = async () => {
      engine.setPrices({ BTC: '60000', ETH: '4000', LTC: '80' });
      return btcToEth({
        from: 'LTC',
        amount: '100000000',
        toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      });
    };
    const first = { network: 'LTC' as const, depositId: `LTC:${TXID}:0`, amount: '60000000' };
    const second = {
      network: 'LTC' as const,
      depositId: `LTC:${TXID2}:0`,
      txid: TXID2,
      amount: '40000000',
    };

    it('are credited with the first at the rate of the moment the last confirms', async () => {
      const swap = await ltcSwap();
      await engine.handleInput.execute(mined(swap, 1, first));
      await engine.handleInput.execute(mined(swap, 1, second));
      // The first has its confirmations, the second is still confirming: nothing is credited yet.
      await engine.handleInput.execute(mined(swap, 2, first));
      expect(await find(swap.id)).toMatchObject({ status: 'CONFIRMING', amountDeposited: 0n });
      expect(await commands()).toEqual([]);

      engine.clock.set(T0 + 5);
      engine.setPrices({ BTC: '60000', ETH: '4000', LTC: '100' });
      await engine.handleInput.execute(mined(swap, 2, second));

      // 1 LTC × 0.025 × (1 − 0.25 %) = 0.0249375 ETH, at the LTC price of that moment.
      const credited = await find(swap.id);
      expect(credited).toMatchObject({
        status: 'EXCHANGING',
        amountDeposited: 100_000_000n,
        amountTo: 24_937_500_000_000_000n,
        rateActual: '0.025',
        depositTx: { id: TXID, amount: 100_000_000n },
      });
      expect(await commands()).toMatchObject([{ payload: { amount: '24937500000000000' } }]);
    });

    it('reaching the threshold in the same round, they wait for each other', async () => {
      const swap = await ltcSwap();
      // The watcher knows both are mined and tells the first before the second.
      await engine.handleInput.execute(mined(swap, 2, { ...first, minedDeposits: 2 }));
      expect(await find(swap.id)).toMatchObject({ status: 'CONFIRMING', amountDeposited: 0n });

      await engine.handleInput.execute(mined(swap, 2, { ...second, minedDeposits: 2 }));
      expect(await find(swap.id)).toMatchObject({ status: 'EXCHANGING', amountDeposited: 100_000_000n });
      expect(await commands()).toHaveLength(1);
    });

    it('one still in the mempool does not hold the credit back, and is paid out on its own when it lands later', async () => {
      const swap = await ltcSwap();
      await engine.handleInput.execute(mined(swap, 1, first));
      await engine.handleInput.execute(deposit(swap, second));
      await engine.handleInput.execute(mined(swap, 2, first));
      expect(await find(swap.id)).toMatchObject({ status: 'EXCHANGING', amountDeposited: 60_000_000n });

      // Its confirmations come at a price of 16: the further payout is at that rate.
      engine.setPrices({ LTC: '64000', ETH: '4000' });
      await engine.handleInput.execute(mined(swap, 2, second));
      // Reported again (a redelivery, a later count): still one payout of it.
      await engine.handleInput.execute(mined(swap, 3, second));

      const credited = await find(swap.id);
      expect(credited).toMatchObject({
        status: 'EXCHANGING',
        amountDeposited: 60_000_000n,
        later: [
          {
            tx: TXID2,
            amount: 40_000_000n,
            handling: 'PAID',
            payout: { id: `${swap.id}-further-1`, rate: '16' },
          },
        ],
      });
      const payouts = (await commands()).filter((row) => row.subject.startsWith('treasury.payout'));
      expect(payouts.map((row) => row.payload)).toMatchObject([
        { payoutId: `${swap.id}-payout-4` },
        { payoutId: `${swap.id}-further-1`, address: swap.toAddress, amount: '6384000000000000000' },
      ]);
      expect(await engine.deposits.forSwap(swap.id)).toMatchObject([
        { txid: TXID, confirmations: 2, credited: true },
        { txid: TXID2, confirmations: 3, credited: true },
      ]);
    });

    it('an extra deposit credited with the first that then vanishes fails the swap (D4)', async () => {
      const swap = await ltcSwap();
      await engine.handleInput.execute(mined(swap, 2, { ...first, minedDeposits: 2 }));
      await engine.handleInput.execute(mined(swap, 2, { ...second, minedDeposits: 2 }));
      expect(await find(swap.id)).toMatchObject({ status: 'EXCHANGING', amountDeposited: 100_000_000n });
      expect(await engine.deposits.forSwap(swap.id)).toMatchObject([{ credited: true }, { credited: true }]);

      await engine.handleInput.execute(deposit(swap, { ...second, reverted: true }));

      expect(await find(swap.id)).toMatchObject({
        status: 'FAILED',
        issue: { reason: expect.stringContaining('while its payout or refund was under way') },
      });
    });

    it('a further deposit paid out on its own that then vanishes fails the swap (D4)', async () => {
      const swap = await ltcSwap();
      await engine.handleInput.execute(mined(swap, 1, first));
      await engine.handleInput.execute(deposit(swap, second));
      await engine.handleInput.execute(mined(swap, 2, first));
      await engine.handleInput.execute(mined(swap, 2, second));
      expect(await engine.deposits.forSwap(swap.id)).toMatchObject([{ credited: true }, { credited: true }]);

      await engine.handleInput.execute(deposit(swap, { ...second, reverted: true }));

      expect(await find(swap.id)).toMatchObject({ status: 'FAILED', amountDeposited: 60_000_000n });
    });

    it('a further deposit still counting its confirmations changes nothing yet', async () => {
      const swap = await ltcSwap();
      await engine.handleInput.execute(mined(swap, 2, { ...first, minedDeposits: 1 }));
      const credited = await find(swap.id);
      await engine.handleInput.execute(deposit(swap, second));
      await engine.handleInput.execute(mined(swap, 1, second));
      await engine.handleInput.execute(deposit(swap, { ...second, reverted: true }));
      expect(await find(swap.id)).toEqual(credited);
    });

    it('a reverted extra deposit is left out', async () => {
      const swap = await ltcSwap();
      await engine.handleInput.execute(mined(swap, 1, first));
      await engine.handleInput.execute(mined(swap, 1, second));
      await engine.handleInput.execute(deposit(swap, { ...second, reverted: true }));
      await engine.handleInput.execute(mined(swap, 2, first));
      expect(await find(swap.id)).toMatchObject({ status: 'EXCHANGING', amountDeposited: 60_000_000n });
    });
  });

  it('never credits on a stale price: the report fails and succeeds once prices are back', async () => {
    const swap = await btcToEth();
    engine.clock.set(T0 + 120); // the prices set at T0 are now older than 30 s

    await expect(engine.handleInput.execute(mined(swap, 1))).rejects.toMatchObject({
      code: 'PRICING_UNAVAILABLE',
    });
    // The deposit is seen and confirmed; only its crediting waits for prices.
    expect(await find(swap.id)).toMatchObject({ status: 'CONFIRMING', amountDeposited: 0n });

    engine.setPrices();
    await engine.handleInput.execute(mined(swap, 1));
    expect(await find(swap.id)).toMatchObject({ status: 'EXCHANGING' });
  });

  it('never credits against liquidity the treasury stopped publishing: the report comes back later', async () => {
    const swap = await btcToEth();
    engine.clock.set(T0 + 600);
    // Prices keep coming, but the treasury's last word on ETH is from T0.
    for (const [coin, usd] of Object.entries({ BTC: '60000', ETH: '4000' }))
      engine.market.setPrice({ coin, usd, at: engine.clock.now(), sources: [] });

    await expect(engine.handleInput.execute(mined(swap, 1))).rejects.toMatchObject({
      code: 'PAYOUTS_UNAVAILABLE',
    });
    expect(await find(swap.id)).toMatchObject({ status: 'CONFIRMING', amountDeposited: 0n });
    expect(await commands()).toEqual([]);

    engine.setPrices();
    await engine.handleInput.execute(mined(swap, 1));
    expect(await find(swap.id)).toMatchObject({ status: 'EXCHANGING' });
  });

  it('follows another live deposit at once when the tracked one vanishes (a fee bump replaced it)', async () => {
    const swap = await btcToEth();
    const bump = { depositId: `BTC:${'f9'.repeat(32)}:0`, txid: 'f9'.repeat(32) };
    await engine.handleInput.execute(deposit(swap));
    await engine.handleInput.execute(mined(swap, 0, { ...bump, blockHeight: null, blockHash: null }));
    expect(await find(swap.id)).toMatchObject({ status: 'PENDING', depositTx: { id: TXID } });

    await engine.handleInput.execute(deposit(swap, { reverted: true }));

    expect(await find(swap.id)).toMatchObject({ status: 'PENDING', depositTx: { id: bump.txid } });
    // Its confirmations count from now on, and credit it.
    await engine.handleInput.execute(mined(swap, 1, bump));
    expect(await find(swap.id)).toMatchObject({ status: 'EXCHANGING', depositTx: { id: bump.txid } });
  });

  it('a replacement credited before the first transaction is reported gone shows its own txid, and the swap goes on', async () => {
    const swap = await btcToEth();
    const bump = { depositId: `BTC:${'f9'.repeat(32)}:0`, txid: 'f9'.repeat(32) };
    await engine.handleInput.execute(deposit(swap));
    await engine.handleInput.execute(mined(swap, 1, bump));
    expect(await find(swap.id)).toMatchObject({
      status: 'EXCHANGING',
      amountDeposited: swap.amountFrom,
      depositTx: { id: bump.txid, confirmations: 1 },
    });

    await engine.handleInput.execute(deposit(swap, { reverted: true, replacedBy: bump.txid }));

    expect(await find(swap.id)).toMatchObject({ status: 'EXCHANGING', depositTx: { id: bump.txid } });
    expect(await commands()).toHaveLength(1);
    expect(await engine.deposits.forSwap(swap.id)).toMatchObject([
      { txid: TXID, reverted: true, replacedBy: bump.txid, credited: false },
      { txid: bump.txid, reverted: false, replacedBy: null, credited: true },
    ]);
  });

  it('drops a report that comes back after a later report of the same deposit was handled', async () => {
    const swap = await btcToEth();
    await engine.handleInput.execute(deposit(swap));
    engine.clock.set(T0 + 120);
    const confirmed = engine.nextSeq();
    await expect(engine.handleInput.execute(mined(swap, 1), confirmed)).rejects.toMatchObject({
      code: 'PRICING_UNAVAILABLE',
    });
    // While it waits to come back, a reorganisation takes the deposit away, and that is handled.
    await engine.handleInput.execute(deposit(swap, { reverted: true }));
    engine.setPrices();

    await engine.handleInput.execute(mined(swap, 1), confirmed);

    expect(await find(swap.id)).toMatchObject({ status: 'NEW', depositTx: null });
    expect(await commands()).toEqual([]);
    expect(await engine.deposits.forSwap(swap.id)).toMatchObject([{ reverted: true, confirmations: 0 }]);
    expect(engine.logger.entries).toContainEqual(
      expect.objectContaining({ message: 'deposit report older than one already handled dropped' }),
    );
  });

  it('applies the same report again after a crash between the log and the transition', async () => {
    const swap = await btcToEth();
    const seq = engine.nextSeq();
    // The log has the report, the swap does not: the instance died in between.
    await engine.deposits.record(
      {
        depositId: `BTC:${TXID}:0`,
        swapId: swap.id,
        currency: 'BTC',
        address: swap.depositAddress,
        txid: TXID,
        index: 0,
        amount: swap.amountFrom,
        confirmations: 1,
        blockHeight: 100,
        blockHash: 'b1'.repeat(32),
        reverted: false,
        replacedBy: null,
      },
      seq,
    );

    await engine.handleInput.execute(mined(swap, 1), seq);

    expect(await find(swap.id)).toMatchObject({ status: 'EXCHANGING' });
  });

  it('a vanished unconfirmed deposit puts the swap back to NEW', async () => {
    const swap = await btcToEth();
    await engine.handleInput.execute(deposit(swap));

    await engine.handleInput.execute(deposit(swap, { reverted: true }));

    expect(await find(swap.id)).toMatchObject({ status: 'NEW', depositTx: null, time: { start: null } });
    expect(await engine.deposits.forSwap(swap.id)).toMatchObject([{ reverted: true }]);
  });

  it('follows the payout: broadcast → SENDING, first confirmation → DONE, then the count up to the threshold', async () => {
    const swap = await btcToEth();
    await engine.handleInput.execute(mined(swap, 1));
    const { payoutId } = await engine.attempts(swap.id);

    await engine.handleInput.execute(payout(swap.id, payoutId as string, { state: 'broadcast' }));
    expect(await find(swap.id)).toMatchObject({
      status: 'SENDING',
      payoutTx: { id: 'c3'.repeat(32), fee: 21_000_000_000_000n, feeCurrency: 'ETH', confirmations: 0 },
    });

    engine.clock.set(T0 + 900);
    await engine.handleInput.execute(
      payout(swap.id, payoutId as string, { state: 'confirmed', confirmations: 1 }),
    );
    expect(await find(swap.id)).toMatchObject({
      status: 'DONE',
      payoutTx: { confirmations: 1 },
      time: { finish: T0 + 900 },
    });

    // At the threshold the treasury reports the fee the chain charged, below the one signed.
    await engine.handleInput.execute(
      payout(swap.id, payoutId as string, { state: 'confirmed', confirmations: 40, fee: '12600000000000' }),
    );
    expect(await find(swap.id)).toMatchObject({
      status: 'DONE',
      payoutTx: { confirmations: 12, fee: 12_600_000_000_000n },
    });
  });

  it('records the payout when its confirmation overtakes the broadcast report', async () => {
    const swap = await btcToEth();
    await engine.handleInput.execute(mined(swap, 1));
    const { payoutId } = await engine.attempts(swap.id);

    await engine.handleInput.execute(
      payout(swap.id, payoutId as string, { state: 'confirmed', confirmations: 2 }),
    );

    expect(await find(swap.id)).toMatchObject({
      status: 'DONE',
      payoutTx: { id: 'c3'.repeat(32), fee: 21_000_000_000_000n, confirmations: 2 },
    });
  });

  it("a failed payout → FAILED; the operator retries with a new attempt, and the old attempt's reports are ignored", async () => {
    const swap = await btcToEth();
    await engine.handleInput.execute(mined(swap, 1));
    const first = (await engine.attempts(swap.id)).payoutId as string;

    await engine.handleInput.execute(
      payout(swap.id, first, { state: 'failed', txid: null, reason: 'reverted on-chain' }),
    );
    expect(await find(swap.id)).toMatchObject({
      status: 'FAILED',
      issue: { reason: expect.stringContaining('reverted on-chain') },
    });

    const retried = await engine.commands.retryPayout(swap.id);
    const second = (await engine.attempts(swap.id)).payoutId as string;
    expect(retried.status).toBe('EXCHANGING');
    expect(second).not.toBe(first);
    expect((await commands()).map((row) => row.msg_id)).toEqual([first, second]);

    await engine.handleInput.execute(payout(swap.id, first, { state: 'confirmed', confirmations: 1 }));
    expect(await find(swap.id)).toMatchObject({ status: 'EXCHANGING' });

    await engine.handleInput.execute(payout(swap.id, second, { state: 'confirmed', confirmations: 1 }));
    expect(await find(swap.id)).toMatchObject({ status: 'DONE' });
    await expect(engine.commands.retryPayout(swap.id)).rejects.toMatchObject({
      code: 'OPERATOR_ACTION_NOT_POSSIBLE',
    });
  });

  it('below the minimum: refunds the deposit minus 1 % and follows the refund to REFUNDED', async () => {
    const swap = await btcToEth({ refundAddress: REFUND_ADDRESS });
    await engine.handleInput.execute(mined(swap, 1, { amount: '50000' }));

    const refunding = await find(swap.id);
    expect(refunding).toMatchObject({
      status: 'REFUNDING',
      issue: { type: 'BELOW_MINIMUM', needsRefundAddress: false },
    });
    const { refundId } = await engine.attempts(swap.id);
    expect(await commands()).toMatchObject([
      {
        subject: 'refunds.refund.BTC',
        payload: { refundId, amount: '49500', deposited: '50000', address: REFUND_ADDRESS },
      },
    ]);

    await engine.handleInput.execute(refund(swap.id, refundId as string, { state: 'sent' }));
    expect(await find(swap.id)).toMatchObject({
      status: 'REFUNDED',
      refundTx: { id: 'd4'.repeat(32), amount: 49_500n },
    });
  });

  it('no liquidity without a refund address: REFUNDING that waits for the address', async () => {
    const swap = await btcToEth();
    engine.market.setLiquidity({ code: 'ETH', available: '1000', at: engine.clock.now() });

    await engine.handleInput.execute(mined(swap, 1));

    expect(await find(swap.id)).toMatchObject({
      status: 'REFUNDING',
      issue: { type: 'NO_LIQUIDITY', needsRefundAddress: true },
    });
    expect(await commands()).toEqual([]);
  });

  it('a late deposit to an expired swap without a refund address waits to go back; the swap stays EXPIRED', async () => {
    const swap = await btcToEth();
    engine.clock.set(T0 + 3600);
    await engine.commands.expire(swap.id);
    const expired = await find(swap.id);

    // Seen, then confirmed: only its confirmations count. No market needed, none asked.
    await engine.handleInput.execute(deposit(swap));
    engine.clock.set(T0 + 7200);
    await engine.handleInput.execute(mined(swap, 1));

    const after = await find(swap.id);
    expect({ ...after, later: [], returns: [], version: 0, time: null }).toEqual({
      ...expired,
      version: 0,
      time: null,
    });
    expect(after.returns).toMatchObject([
      { state: 'WAITING', address: null, deposited: 1_000_000n, amount: 990_000n },
    ]);
    expect(await commands()).toEqual([]);
    expect(await engine.deposits.forSwap(swap.id)).toMatchObject([{ credited: false }]);
  });

  it('drops a report for a swap it does not know, saying so', async () => {
    const ghost = { ...(await btcToEth()), id: 'NoSuchSwap' };
    await engine.handleInput.execute(deposit(ghost));
    expect(engine.logger.entries).toMatchObject([
      { level: 'error', message: 'input for an unknown swap dropped' },
    ]);
  });
});
