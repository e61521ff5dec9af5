import { depositAddress } from '@swap/chain-keys';
import { toSnapshot } from '@swap/contracts';
import { isDryRunId, isSwapId, SwapError } from '@swap/domain';
import {
  ACCOUNT_KEYS,
  createRequest,
  EngineHarness,
  ETH_ADDRESS,
  PAYMENT_WINDOW_SECONDS,
  T0,
  useEngineHarness,
} from '../test/engine-harness';
import { DRYRUN_INDEX_OFFSET } from './deposit-addresses';

/** BIP84 test vectors of the test phrase: m/84'/0'/0'/0/1 and /0/2 (index 0 is never handed out). */
const BTC_INDEX_1 = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
const btcAddress = (index: number) => depositAddress('BTC', ACCOUNT_KEYS.BTC, index);

describe('CreateSwap', () => {
  const opened = useEngineHarness();
  let engine: EngineHarness;
  beforeEach(() => {
    engine = opened();
  });

  it('prices and persists a NEW swap with the first deposit address of the account', async () => {
    // Prices set at T0 are still fresh (younger than 30 s).
    engine.clock.set(T0 + 12);
    const request = createRequest({ refundAddress: 'bc1qrefund' });

    const swap = await engine.createSwap.execute(request);

    expect(isSwapId(swap.id)).toBe(true);
    expect(swap.token).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(swap).toMatchObject({
      apiKey: 'ak_test',
      dryrun: false,
      type: 'float',
      direction: 'from',
      status: 'NEW',
      from: 'BTC',
      to: 'ETH',
      // 0.01 BTC at 15 ETH/BTC = 0.15 ETH, less the float fee of 0.25 %.
      amountFrom: 1_000_000n,
      amountTo: 149_625_000_000_000_000n,
      feeAmount: 375_000_000_000_000n,
      amountDeposited: 0n,
      rate: '15',
      feePercent: '0.25',
      partnerPercent: '0',
      depositAddress: BTC_INDEX_1,
      toAddress: ETH_ADDRESS,
      refundAddress: 'bc1qrefund',
      autoExecuteOnMismatch: false,
      time: {
        reg: T0 + 12,
        start: null,
        finish: null,
        update: T0 + 12,
        expiration: T0 + 12 + PAYMENT_WINDOW_SECONDS,
      },
      version: 1,
    });
    expect(await engine.swaps.find(swap.id)).toEqual(swap);
    expect(await engine.swaps.findByRequestId(request.requestId)).toEqual(swap);
    expect(await engine.counters()).toEqual({ BTC: 2 });
    expect(await engine.outboxRows()).toEqual([
      {
        msg_id: `swap:${swap.id}:1`,
        subject: `swap.${swap.id}.updated`,
        payload: JSON.parse(JSON.stringify(toSnapshot(swap))),
        published: false,
      },
    ]);
    expect(engine.commits).toBe(1);
  });

  it('copies the key terms and makes direction "to" a fixed-rate swap for the exact amount asked', async () => {
    const swap = await engine.createSwap.execute(
      createRequest({
        direction: 'to',
        type: 'float',
        amount: '150000000000000000', // 0.15 ETH
        key: { apiKey: 'ak_other', autoExecuteOnMismatch: true },
      }),
    );

    expect(swap).toMatchObject({
      apiKey: 'ak_other',
      autoExecuteOnMismatch: true,
      type: 'fixed',
      direction: 'to',
      feePercent: '0.5',
      amountTo: 150_000_000_000_000_000n,
      // 0.15 / (15 × 0.995) = 0.0100502512… BTC, rounded up to the satoshi.
      amountFrom: 1_005_026n,
      // 1,005,026 sat × 15 = 0.1507539 ETH gross, of which 0.15 ETH is paid out.
      feeAmount: 753_900_000_000_000n,
    });
  });

  it('returns the same swap for the same request id, without a second row, address or event', async () => {
    const request = createRequest();
    const first = await engine.createSwap.execute(request);
    // A retry carries the same id; even different terms get the swap already created.
    const again = await engine.createSwap.execute({ ...request, amount: '5000000' });

    expect(again).toEqual(first);
    expect(await engine.count('swaps')).toBe(1);
    expect(await engine.count('outbox')).toBe(1);
    expect(await engine.counters()).toEqual({ BTC: 2 });
    expect(engine.commits).toBe(1);
  });

  it('returns one swap to concurrent requests with the same id', async () => {
    const request = createRequest();
    const results = await Promise.all(Array.from({ length: 5 }, () => engine.createSwap.execute(request)));

    expect(new Set(results.map((swap) => swap.id)).size).toBe(1);
    expect(results.every((swap) => swap.depositAddress === results[0].depositAddress)).toBe(true);
    expect(await engine.count('swaps')).toBe(1);
    expect(await engine.count('outbox')).toBe(1);
    // The losers' transactions rolled back, counter increments included.
    expect(await engine.counters()).toEqual({ BTC: 2 });
    expect(results[0].depositAddress).toBe(BTC_INDEX_1);
  });

  it('creates a new swap with the next address for a different request id', async () => {
    const first = await engine.createSwap.execute(createRequest());
    const second = await engine.createSwap.execute(createRequest());

    expect(second.id).not.toBe(first.id);
    expect(second.token).not.toBe(first.token);
    expect(first.depositAddress).toBe(BTC_INDEX_1);
    expect(second.depositAddress).toBe(btcAddress(2));
    expect(second.depositAddress).not.toBe(first.depositAddress);
    expect(await engine.count('swaps')).toBe(2);
    expect(await engine.counters()).toEqual({ BTC: 3 });
  });

  it('numbers swaps as they are created, and lists those of one second newest first by that number', async () => {
    engine.clock.set(T0 + 12);
    const created = [];
    for (let i = 0; i < 8; i++) created.push(await engine.createSwap.execute(createRequest()));
    const seqs = created.map((swap) => swap.seq);
    const newestFirst = created.map((swap) => swap.id).reverse();

    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(created.every((swap) => swap.time.reg === T0 + 12)).toBe(true);
    // What `swapctl swaps list` shows: ids are random, so their order is not the creation order.
    expect((await engine.swaps.list(null, 8)).map((swap) => swap.id)).toEqual(newestFirst);
    expect((await engine.swaps.list('NEW', 3)).map((swap) => swap.id)).toEqual(newestFirst.slice(0, 3));
  });

  it('keeps separate counters per network', async () => {
    const btc = await engine.createSwap.execute(createRequest());
    const eth = await engine.createSwap.execute(
      createRequest({ from: 'ETH', to: 'BTC', amount: '100000000000000000', toAddress: BTC_INDEX_1 }),
    );
    // USDT on Ethereum shares the ETH chain's addresses, so it continues the ETH counter.
    const usdt = await engine.createSwap.execute(
      createRequest({ from: 'USDTERC', to: 'BTC', amount: '100000000', toAddress: BTC_INDEX_1 }),
    );

    expect(btc.depositAddress).toBe(BTC_INDEX_1);
    // m/44'/60'/0'/0/1 of the test phrase.
    expect(eth.depositAddress).toBe(depositAddress('ETH', ACCOUNT_KEYS.ETH, 1));
    expect(usdt.depositAddress).toBe(depositAddress('ETH', ACCOUNT_KEYS.ETH, 2));
    expect(await engine.counters()).toEqual({ BTC: 2, ETH: 3 });
  });

  it('gives dry runs DR ids and addresses from their own index range', async () => {
    const dry = await engine.createSwap.execute(createRequest({ dryrun: true }));
    const dry2 = await engine.createSwap.execute(createRequest({ dryrun: true }));
    const real = await engine.createSwap.execute(createRequest());

    expect(isDryRunId(dry.id)).toBe(true);
    expect(dry.id).toMatch(/^DR[A-Za-z0-9]{8}$/);
    expect(dry.dryrun).toBe(true);
    expect(dry.depositAddress).toBe(btcAddress(DRYRUN_INDEX_OFFSET + 1));
    expect(dry2.depositAddress).toBe(btcAddress(DRYRUN_INDEX_OFFSET + 2));
    // Dry runs do not use up real addresses: the first real swap still gets index 1.
    expect(real.depositAddress).toBe(BTC_INDEX_1);
    expect(isSwapId(real.id)).toBe(true);
    expect(await engine.counters()).toEqual({ BTC: 2, 'dryrun:BTC': 3 });
    // The row records the index the address was derived from, never one a real swap could use.
    const indices: Array<{ id: string; deposit_index: string }> = await engine.dataSource.query(
      'SELECT id, deposit_index FROM swaps',
    );
    expect(Object.fromEntries(indices.map((row) => [row.id, row.deposit_index]))).toEqual({
      [dry.id]: String(DRYRUN_INDEX_OFFSET + 1),
      [dry2.id]: String(DRYRUN_INDEX_OFFSET + 2),
      [real.id]: '1',
    });
    expect((await engine.outboxRows()).map((row) => row.msg_id)).toEqual([
      `swap:${dry.id}:1`,
      `swap:${dry2.id}:1`,
      `swap:${real.id}:1`,
    ]);
  });

  describe('refusals', () => {
    const refused = async (
      attempt: Promise<unknown>,
      expected: { code: string; message: string },
    ): Promise<void> => {
      const error = await attempt.then(
        () => {
          throw new Error('the create was not refused');
        },
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(SwapError);
      expect(error).toMatchObject({ ...expected, status: 400 });
      // Nothing of a refused create is kept.
      expect(await engine.count('swaps')).toBe(0);
      expect(await engine.count('outbox')).toBe(0);
      expect(await engine.count('address_counters')).toBe(0);
      expect(engine.commits).toBe(0);
    };

    it('refuses when a price is missing', async () => {
      engine.market.deletePrice('ETH');
      await refused(engine.createSwap.execute(createRequest()), {
        code: 'PRICING_UNAVAILABLE',
        message: 'Pricing for ETH is temporarily unavailable',
      });
    });

    it('refuses when the prices are older than 30 s', async () => {
      engine.clock.set(T0 + 31);
      await refused(engine.createSwap.execute(createRequest()), {
        code: 'PRICING_UNAVAILABLE',
        message: 'Pricing for BTC is temporarily unavailable',
      });
    });

    it('refuses an amount below the minimum', async () => {
      await refused(engine.createSwap.execute(createRequest({ amount: '99999' })), {
        code: 'BELOW_MINIMUM',
        message: 'Amount is below the minimum of 0.001 BTC',
      });
    });

    it('refuses an amount whose payout exceeds the liquidity', async () => {
      engine.market.setLiquidity({ code: 'ETH', available: '100000000000000000', at: engine.clock.now() });
      // 0.1 ETH pays for at most 0.1 / (15 × 0.9975) = 0.006683375… BTC.
      await refused(engine.createSwap.execute(createRequest()), {
        code: 'ABOVE_MAXIMUM',
        message: 'Amount is above the current maximum of 0.00668337 BTC',
      });
    });

    it('refuses fixed rate and dry runs to a key without those rights', async () => {
      await refused(
        engine.createSwap.execute(createRequest({ type: 'fixed', key: { fixedRateEnabled: false } })),
        {
          code: 'FIXED_RATE_NOT_ENABLED',
          message: 'Fixed rate is not enabled for this API key (direction to is always fixed-rate)',
        },
      );
      await refused(
        engine.createSwap.execute(createRequest({ direction: 'to', key: { fixedRateEnabled: false } })),
        {
          code: 'FIXED_RATE_NOT_ENABLED',
          message: 'Fixed rate is not enabled for this API key (direction to is always fixed-rate)',
        },
      );
      await refused(
        engine.createSwap.execute(createRequest({ dryrun: true, key: { dryrunEnabled: false } })),
        {
          code: 'DRY_RUN_NOT_ENABLED',
          message: 'Dry-run is not enabled for this API key',
        },
      );
    });
  });
});
