import { toSnapshot } from '@swap/contracts';
import { Swap, SwapError, SwapStatus } from '@swap/domain';
import { OutboxMessage, StaleSwapError, SwapRepository } from '@swap/engine-data';
import { createRequest, EngineHarness, T0, useEngineHarness } from '../test/engine-harness';
import { ApplySwapEvent } from './apply-event';
import { SwapCommands } from './swap-commands';
import { SwapMailbox } from './swap-mailbox';

/** Runs `before` ahead of the next save(s): another engine instance writing in between. */
class InterleavedRepository extends SwapRepository {
  before: (() => Promise<unknown>) | null = null;
  saves = 0;

  override async saveTransition(next: Swap, event: (swap: Swap) => OutboxMessage): Promise<Swap> {
    this.saves++;
    if (this.before) await this.before();
    return super.saveTransition(next, event);
  }
}

const REFUND_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const HEX64 = /^[0-9a-f]{64}$/;

describe('ApplySwapEvent and SwapCommands', () => {
  const opened = useEngineHarness();
  let engine: EngineHarness;
  beforeEach(() => {
    engine = opened();
  });

  const dryRun = () => engine.createSwap.execute(createRequest({ dryrun: true }));
  const realSwap = () => engine.createSwap.execute(createRequest());
  const msgIds = async () => (await engine.outboxRows()).map((row) => row.msg_id);

  /** Throws unless `attempt` fails with a SwapError of `code`; returns it. */
  const refusal = async (attempt: Promise<unknown>, code: string): Promise<SwapError> => {
    const error = await attempt.then(
      () => {
        throw new Error(`expected ${code}, but the command succeeded`);
      },
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(SwapError);
    expect((error as SwapError).code).toBe(code);
    return error as SwapError;
  };

  describe('advance', () => {
    it('moves a dry run one step and writes its event', async () => {
      const created = await dryRun();
      engine.clock.set(T0 + 60);

      const advanced = await engine.commands.advance(created.id);

      expect(advanced.status).toBe('PENDING');
      expect(advanced.version).toBe(2);
      expect(advanced.depositTx).toMatchObject({
        amount: created.amountFrom,
        confirmations: 0,
        timeReg: T0 + 60,
      });
      expect(advanced.depositTx?.id).toMatch(HEX64);
      expect(advanced.time).toEqual({ ...created.time, start: T0 + 60, update: T0 + 60 });
      expect(await engine.swaps.find(created.id)).toEqual(advanced);
      const rows = await engine.outboxRows();
      expect(rows.map((row) => row.msg_id)).toEqual([`swap:${created.id}:1`, `swap:${created.id}:2`]);
      expect(rows[1].payload).toEqual(JSON.parse(JSON.stringify(toSnapshot(advanced))));
      expect(engine.commits).toBe(2); // the create and the advance
    });

    it('writes the state and its event in one transaction: no event, no state change', async () => {
      const created = await dryRun();
      await engine.dataSource.query(`
        CREATE FUNCTION refuse_outbox() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'outbox refused'; END $$`);
      await engine.dataSource.query(
        'CREATE TRIGGER refuse_outbox BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_outbox()',
      );
      try {
        await expect(engine.commands.advance(created.id)).rejects.toThrow('outbox refused');
      } finally {
        await engine.dataSource.query('DROP TRIGGER refuse_outbox ON outbox');
        await engine.dataSource.query('DROP FUNCTION refuse_outbox()');
      }

      expect(await engine.swaps.find(created.id)).toEqual(created);
      expect(await msgIds()).toEqual([`swap:${created.id}:1`]);
      expect(engine.commits).toBe(1);
    });

    it('walks a dry run to DONE, one step per advance, then refuses', async () => {
      const created = await dryRun();
      const statuses: SwapStatus[] = [];
      for (let step = 1; step <= 5; step++) {
        engine.clock.set(T0 + step * 10);
        statuses.push((await engine.commands.advance(created.id)).status);
      }

      expect(statuses).toEqual(['PENDING', 'CONFIRMING', 'EXCHANGING', 'SENDING', 'DONE']);
      const done = (await engine.swaps.find(created.id)) as Swap;
      expect(done).toMatchObject({
        status: 'DONE',
        version: 6,
        amountDeposited: created.amountFrom,
        amountTo: created.amountTo,
        rateActual: created.rate,
        slippage: '0',
        time: { ...created.time, start: T0 + 10, finish: T0 + 50, update: T0 + 50 },
      });
      // BTC needs one confirmation; the simulated payout has one too.
      expect(done.depositTx).toMatchObject({ confirmations: 1, timeBlock: T0 + 30 });
      expect(done.payoutTx).toMatchObject({ amount: created.amountTo, confirmations: 1, txKey: null });
      expect(done.payoutTx?.id).toMatch(HEX64);
      expect(done.payoutTx?.id).not.toBe(done.depositTx?.id);

      await refusal(engine.commands.advance(created.id), 'DRY_RUN_ALREADY_DONE');
      expect(await msgIds()).toEqual([1, 2, 3, 4, 5, 6].map((v) => `swap:${created.id}:${v}`));
    });

    it('refuses a real swap and changes nothing', async () => {
      const created = await realSwap();
      const error = await refusal(engine.commands.advance(created.id), 'NOT_DRY_RUN');
      expect(error.status).toBe(400);
      expect(error.message).toBe('Not a dry-run swap: real swaps move on their own');
      expect(await engine.swaps.find(created.id)).toEqual(created);
      expect(await msgIds()).toEqual([`swap:${created.id}:1`]);
    });

    it('answers SWAP_NOT_FOUND for an unknown swap', async () => {
      const error = await refusal(engine.commands.advance('DRnothere0'), 'SWAP_NOT_FOUND');
      expect(error.status).toBe(404);
    });

    it('applies concurrent commands to one swap one after the other', async () => {
      const created = await dryRun();
      const results = await Promise.all([1, 2, 3].map(() => engine.commands.advance(created.id)));
      expect(results.map((swap) => [swap.status, swap.version])).toEqual([
        ['PENDING', 2],
        ['CONFIRMING', 3],
        ['EXCHANGING', 4],
      ]);
    });
  });

  describe('another engine instance writing the same swap', () => {
    const otherInstance = () => {
      const repository = new InterleavedRepository(engine.dataSource);
      const apply = new ApplySwapEvent(repository, new SwapMailbox());
      return { repository, commands: new SwapCommands(apply, engine.market, engine.clock.now) };
    };

    it('re-reads and applies the event again after losing the version race', async () => {
      const created = await dryRun();
      const other = otherInstance();
      // Between this instance's read and its save, the first instance advances the swap.
      other.repository.before = async () => {
        other.repository.before = null;
        await engine.commands.advance(created.id);
      };

      const result = await other.commands.advance(created.id);

      expect(other.repository.saves).toBe(2);
      expect(result).toMatchObject({ status: 'CONFIRMING', version: 3 });
      expect(await engine.swaps.find(created.id)).toEqual(result);
      expect((await engine.outboxRows()).map((row) => [row.msg_id, row.payload.status])).toEqual([
        [`swap:${created.id}:1`, 'NEW'],
        [`swap:${created.id}:2`, 'PENDING'],
        [`swap:${created.id}:3`, 'CONFIRMING'],
      ]);
    });

    it('tells its observer (the metrics) of the committed transition only, not of the lost save', async () => {
      const created = await dryRun();
      const repository = new InterleavedRepository(engine.dataSource);
      const seen: string[] = [];
      const apply = new ApplySwapEvent(repository, new SwapMailbox(), undefined, (before, after) =>
        seen.push(`${before.status} → ${after.status} v${after.version}`),
      );
      repository.before = async () => {
        repository.before = null;
        await engine.commands.advance(created.id);
      };

      await new SwapCommands(apply, engine.market, engine.clock.now).advance(created.id);

      expect(repository.saves).toBe(2);
      expect(seen).toEqual(['PENDING → CONFIRMING v3']);
    });

    it('gives up with StaleSwapError after 5 lost races, having written nothing', async () => {
      const created = await dryRun();
      const other = otherInstance();
      other.repository.before = () =>
        engine.dataSource.query('UPDATE swaps SET version = version + 1 WHERE id = $1', [created.id]);

      await expect(other.commands.advance(created.id)).rejects.toBeInstanceOf(StaleSwapError);

      expect(other.repository.saves).toBe(5);
      expect(await engine.swaps.find(created.id)).toMatchObject({ status: 'NEW', version: 6 });
      expect(await msgIds()).toEqual([`swap:${created.id}:1`]);
    });
  });

  describe('resolve', () => {
    /** A fixed-rate swap credited with 10 % less than ordered after BTC→ETH fell to 14: RATE_CHANGED. */
    const rateChanged = async (refundAddress: string | null = null): Promise<Swap> => {
      const created = await engine.createSwap.execute(createRequest({ type: 'fixed', refundAddress }));
      const tx = 'a'.repeat(64);
      await engine.record(created.id, { kind: 'DepositSeen', now: T0 + 5, tx, amount: 900_000n });
      const swap = await engine.record(created.id, {
        kind: 'DepositCredited',
        now: T0 + 10,
        txid: tx,
        amount: 900_000n,
        market: { rate: '14', payoutAvailable: null, pairMin: 100_000n },
      });
      expect(swap).toMatchObject({
        status: 'RATE_CHANGED',
        version: 3,
        issue: { type: 'LESS', choice: 'NONE' },
        // 0.009 BTC × 14 × (1 − 0.5 %) = 0.12537 ETH.
        proposed: { rate: '14', amount: 125_370_000_000_000_000n },
      });
      return swap;
    };

    it('exchanges at the proposed rate', async () => {
      const swap = await rateChanged();
      engine.clock.set(T0 + 20);

      const resolved = await engine.commands.resolve(swap.id, 'EXCHANGE', null);

      expect(resolved).toMatchObject({
        status: 'EXCHANGING',
        version: 4,
        rateActual: '14',
        amountTo: 125_370_000_000_000_000n,
        feeAmount: 630_000_000_000_000n,
        proposed: null,
        issue: { type: 'LESS', reason: null, choice: 'EXCHANGE' },
        time: { update: T0 + 20 },
      });
      expect(await engine.swaps.find(swap.id)).toEqual(resolved);
      // The new state and, in the same transaction, the command that pays it out.
      const rows = (await engine.outboxRows()).slice(-2);
      expect(rows.map((row) => row.msg_id)).toEqual([`swap:${swap.id}:4`, `${swap.id}-payout-4`]);
      expect(rows[1]).toMatchObject({
        subject: 'treasury.payout.ETH',
        payload: {
          payoutId: `${swap.id}-payout-4`,
          swapId: swap.id,
          network: 'ETH',
          currency: 'ETH',
          address: resolved.toAddress,
          amount: '125370000000000000',
        },
      });
      expect(await engine.attempts(swap.id)).toEqual({ payoutId: `${swap.id}-payout-4` });
    });

    it('refunds to the given address, even while pricing is down', async () => {
      const swap = await rateChanged();
      engine.market.deletePrice('BTC');

      const resolved = await engine.commands.resolve(swap.id, 'REFUND', REFUND_ADDRESS);

      expect(resolved).toMatchObject({
        status: 'REFUNDING',
        version: 4,
        refundAddress: REFUND_ADDRESS,
        proposed: null,
        issue: { type: 'LESS', needsRefundAddress: false, choice: 'REFUND' },
      });
      const rows = (await engine.outboxRows()).slice(-2);
      expect(rows.map((row) => row.msg_id)).toEqual([`swap:${swap.id}:4`, `${swap.id}-refund-4`]);
      // 1 % refund fee: 0.009 BTC deposited, 0.00891 BTC back.
      expect(rows[1]).toMatchObject({
        subject: 'refunds.refund.BTC',
        payload: {
          refundId: `${swap.id}-refund-4`,
          currency: 'BTC',
          address: REFUND_ADDRESS,
          amount: '891000',
          deposited: '900000',
        },
      });
    });

    it('refuses an EXCHANGE while the treasury has not published its balance lately; a REFUND still goes', async () => {
      const swap = await rateChanged(REFUND_ADDRESS);
      engine.clock.set(T0 + 600);
      // Prices keep coming; the treasury's last word on ETH is from T0.
      for (const [coin, usd] of Object.entries({ BTC: '60000', ETH: '4000' }))
        engine.market.setPrice({ coin, usd, at: engine.clock.now(), sources: [] });

      await refusal(engine.commands.resolve(swap.id, 'EXCHANGE', null), 'PAYOUTS_UNAVAILABLE');
      expect(await engine.swaps.find(swap.id)).toMatchObject({ status: 'RATE_CHANGED', version: 3 });

      expect(await engine.commands.resolve(swap.id, 'REFUND', null)).toMatchObject({ status: 'REFUNDING' });
    });

    it('judges the choice and the state before the address (§4.6)', async () => {
      const bad = 'not-a-btc-address';
      const fresh = await realSwap();
      await refusal(engine.commands.resolve(fresh.id, 'EXCHANGE', bad), 'EXCHANGE_NOT_POSSIBLE');
      await refusal(engine.commands.resolve(fresh.id, 'REFUND', bad), 'REFUND_NOT_POSSIBLE');
      await refusal(engine.commands.resolve((await dryRun()).id, 'REFUND', bad), 'DRY_RUN_NO_DECISION');
      // Where a REFUND would take it, the address is checked for the swap's chain.
      const changed = await rateChanged();
      await refusal(engine.commands.resolve(changed.id, 'REFUND', bad), 'INVALID_REFUND_ADDRESS');
      expect(await engine.swaps.find(changed.id)).toEqual(changed);
    });

    it('refuses decisions the swap cannot take, with the matching error, and changes nothing', async () => {
      const fresh = await realSwap();
      expect(
        (await refusal(engine.commands.resolve(fresh.id, 'EXCHANGE', null), 'EXCHANGE_NOT_POSSIBLE')).message,
      ).toBe('EXCHANGE is only possible while RATE_CHANGED (swap is NEW)');
      expect(
        (await refusal(engine.commands.resolve(fresh.id, 'REFUND', REFUND_ADDRESS), 'REFUND_NOT_POSSIBLE'))
          .message,
      ).toBe(
        'REFUND is only possible while RATE_CHANGED or REFUNDING without a refund address (swap is NEW)',
      );

      const dry = await dryRun();
      await refusal(engine.commands.resolve(dry.id, 'REFUND', REFUND_ADDRESS), 'DRY_RUN_NO_DECISION');
      await refusal(engine.commands.resolve('NoSuchSwap', 'REFUND', REFUND_ADDRESS), 'SWAP_NOT_FOUND');

      const changed = await rateChanged();
      await refusal(engine.commands.resolve(changed.id, 'REFUND', null), 'REFUND_ADDRESS_REQUIRED');
      engine.market.deletePrice('ETH');
      await refusal(engine.commands.resolve(changed.id, 'EXCHANGE', null), 'PRICING_UNAVAILABLE');
      // While pricing is down, a decision that could never go ahead still gets its own refusal.
      await refusal(engine.commands.resolve(fresh.id, 'EXCHANGE', null), 'EXCHANGE_NOT_POSSIBLE');
      await refusal(engine.commands.resolve(dry.id, 'EXCHANGE', null), 'DRY_RUN_NO_DECISION');
      engine.setPrices();

      const refunding = await engine.commands.resolve(changed.id, 'REFUND', REFUND_ADDRESS);
      await refusal(
        engine.commands.resolve(changed.id, 'REFUND', 'bc1qanotheraddress'),
        'REFUND_ADDRESS_ALREADY_SET',
      );
      await refusal(engine.commands.resolve(changed.id, 'EXCHANGE', null), 'EXCHANGE_NOT_POSSIBLE');

      // Refusals write nothing: the swaps are as they were, the outbox holds only real changes.
      expect(await engine.swaps.find(fresh.id)).toEqual(fresh);
      expect(await engine.swaps.find(dry.id)).toEqual(dry);
      expect(await engine.swaps.find(changed.id)).toEqual(refunding);
      expect(await msgIds()).toEqual([
        `swap:${fresh.id}:1`,
        `swap:${dry.id}:1`,
        ...[1, 2, 3, 4].map((v) => `swap:${changed.id}:${v}`),
        `${changed.id}-refund-4`,
      ]);
    });
  });
});
