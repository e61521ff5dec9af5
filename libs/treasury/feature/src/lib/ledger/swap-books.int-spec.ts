import type { SwapSnapshot } from '@swap/contracts';
import { SwapBookRepository } from '@swap/treasury-data';
import { RecordSwapBooks } from './record-swap-books.use-case';
import { useHarness, swapAt, type TreasuryProcess } from '../../test/treasury-harness';

describe('the ledger of a swap', () => {
  const h = useHarness();
  let treasury: TreasuryProcess;

  beforeEach(() => {
    treasury = h().start();
  });

  const ID = 'AbCdEfGhIj';
  /** 1.5 LTC in, 0.012345 BTC out, 0.0001247 BTC fee (1 %: 0.25 service + 0.75 partner). */
  const exchanging = (overrides: Partial<SwapSnapshot> = {}) =>
    swapAt({
      id: ID,
      status: 'EXCHANGING',
      from: 'LTC',
      to: 'BTC',
      apiKey: 'k_partner',
      amountDeposited: '150000000',
      amountTo: '1234500',
      feeAmount: '12470',
      feePercent: '1',
      partnerPercent: '0.75',
      ...overrides,
    });

  const record = async (...swaps: SwapSnapshot[]) => {
    for (const swap of swaps) {
      await treasury.recordSwapBooks.execute(swap);
      await treasury.planSweeps.onSwapUpdated(swap);
    }
  };
  const report = () => treasury.ledger.execute(ID);
  const balance = async (account: string) => Object.fromEntries(await h().ledger.balances(account));
  const allZero = async () => (await report()).totals.every((total) => total.amount === '0');

  it('books deposit, exchange, fees and payout; every currency of the swap sums to zero', async () => {
    await record(swapAt({ id: ID, status: 'CONFIRMING', amountDeposited: '0' }), exchanging());
    await treasury.planPayout.execute({
      payoutId: 'po-1',
      swapId: ID,
      network: 'BTC',
      currency: 'BTC',
      address: 'bc1quser',
      amount: '1234500',
      requestedAt: 0,
    });
    await treasury.dispatcher.drain('BTC');
    await record(exchanging({ status: 'SENDING' }), exchanging({ status: 'DONE' }));

    const { entries, totals } = await report();
    expect(entries.map((e) => [e.batch, e.account, e.currency, e.amount])).toEqual([
      ['deposit:AbCdEfGhIj:150000000', 'hot:LTC', 'LTC', '150000000'],
      ['deposit:AbCdEfGhIj:150000000', 'deposits:AbCdEfGhIj', 'LTC', '-150000000'],
      ['exchange:AbCdEfGhIj', 'deposits:AbCdEfGhIj', 'LTC', '150000000'],
      ['exchange:AbCdEfGhIj', 'exchange:AbCdEfGhIj', 'LTC', '-150000000'],
      ['exchange:AbCdEfGhIj', 'exchange:AbCdEfGhIj', 'BTC', '1246970'],
      ['exchange:AbCdEfGhIj', 'payouts:AbCdEfGhIj', 'BTC', '-1234500'],
      ['exchange:AbCdEfGhIj', 'fees:service', 'BTC', '-3118'],
      ['exchange:AbCdEfGhIj', 'fees:partner:k_partner', 'BTC', '-9352'],
      ['transfer:po-1', 'payouts:AbCdEfGhIj', 'BTC', '1234500'],
      ['transfer:po-1', 'hot:BTC', 'BTC', '-1234500'],
      ['transfer:po-1', 'fees:network', 'BTC', '21000'],
      ['transfer:po-1', 'hot:BTC', 'BTC', '-21000'],
    ]);
    expect(totals).toEqual([
      { currency: 'LTC', amount: '0' },
      { currency: 'BTC', amount: '0' },
    ]);
    expect(await balance(`payouts:${ID}`)).toEqual({ BTC: 0n });
  });

  it("books a fee share's part of the service fee to the partner, from the terms the swap carries", async () => {
    // D19: fee.percent stays the service's 0.25 %, fee.partnerPercent 0; 30 % of its fee is the partner's.
    const feeShare = exchanging({
      feePercent: '0.25',
      partnerPercent: '0',
      feeShare: '30',
      feeAmount: '12471',
    });
    await record(swapAt({ id: ID, status: 'CONFIRMING', amountDeposited: '0' }), feeShare);

    const exchange = (await report()).entries.filter((e) => e.batch === `exchange:${ID}`);
    expect(exchange.map((e) => [e.account, e.currency, e.amount])).toEqual([
      [`deposits:${ID}`, 'LTC', '150000000'],
      [`exchange:${ID}`, 'LTC', '-150000000'],
      [`exchange:${ID}`, 'BTC', String(1234500 + 12471)],
      [`payouts:${ID}`, 'BTC', '-1234500'],
      ['fees:service', 'BTC', '-8730'],
      ['fees:partner:k_partner', 'BTC', '-3741'], // ⌊12,471 × 30 %⌋, rounded down for the partner
    ]);
    expect(await balance('fees:partner:k_partner')).toEqual({ BTC: -3741n });
  });

  it('records nothing twice, and only the newly credited part of a later deposit', async () => {
    await record(exchanging(), exchanging(), exchanging({ status: 'SENDING' }));
    await record(swapAt({ id: ID, status: 'FAILED', from: 'LTC', amountDeposited: '170000000' }));

    expect(await balance(`deposits:${ID}`)).toEqual({ LTC: -20_000_000n });
    expect(await balance('hot:LTC')).toEqual({ LTC: 170_000_000n });
    expect((await report()).entries.map((e) => e.batch)).toEqual([
      'deposit:AbCdEfGhIj:150000000',
      'deposit:AbCdEfGhIj:150000000',
      ...Array(6).fill('exchange:AbCdEfGhIj'),
      'deposit:AbCdEfGhIj:170000000',
      'deposit:AbCdEfGhIj:170000000',
    ]);
  });

  it('opens the book only for an event that adds to it', async () => {
    class CountingBooks extends SwapBookRepository {
      opened = 0;
      override withBook<T>(...args: Parameters<SwapBookRepository['withBook']>): Promise<T> {
        this.opened++;
        return super.withBook(...(args as [never, never]));
      }
    }
    const books = new CountingBooks(h().dataSource);
    const recordBooks = new RecordSwapBooks(books);

    await recordBooks.execute(exchanging());
    await recordBooks.execute(exchanging({ status: 'SENDING' }));
    await recordBooks.execute(exchanging({ status: 'DONE' }));
    expect(books.opened).toBe(1);

    await recordBooks.execute(exchanging({ status: 'DONE', amountDeposited: '160000000' }));
    expect(books.opened).toBe(2);
    // The further 0.1 LTC is booked (and waits there: the exchange took the first 1.5).
    expect(await balance(`deposits:${ID}`)).toEqual({ LTC: -10_000_000n });
  });

  it('books a refund with its refund fee and network fee', async () => {
    const refunding = swapAt({ id: ID, status: 'REFUNDING', from: 'LTC', amountDeposited: '10000000' });
    const refundTx = {
      id: 'ltc-refund',
      amount: '9900000',
      fee: '2000',
      feeCurrency: 'LTC' as const,
      timeReg: 1,
      timeBlock: null,
      confirmations: 0,
      txKey: null,
    };

    await record(
      refunding,
      { ...refunding, status: 'REFUNDED', refundTx },
      { ...refunding, status: 'REFUNDED', refundTx },
    );

    expect(await allZero()).toBe(true);
    expect(await balance('fees:service')).toEqual({ LTC: -100_000n });
    expect(await balance('fees:network')).toEqual({ LTC: 2000n });
    expect(await balance('hot:LTC')).toEqual({ LTC: 10_000_000n - 9_900_000n - 2000n });
    expect(await balance(`refunds:${ID}`)).toEqual({ LTC: 0n });
    expect(await balance(`deposits:${ID}`)).toEqual({ LTC: 0n });
  });

  it('undoes the exchange of a swap refunded after its payout failed', async () => {
    const refundTx = {
      id: 'r',
      amount: '148500000',
      fee: null,
      feeCurrency: null,
      timeReg: 1,
      timeBlock: null,
      confirmations: 0,
      txKey: null,
    };

    await record(
      exchanging(),
      exchanging({ status: 'FAILED' }),
      exchanging({ status: 'REFUNDED', refundTx }),
    );

    expect(await allZero()).toBe(true);
    expect(await balance(`exchange:${ID}`)).toEqual({ LTC: 0n, BTC: 0n });
    expect(await balance(`payouts:${ID}`)).toEqual({ BTC: 0n });
    expect(await balance('fees:partner:k_partner')).toEqual({ BTC: 0n });
    expect(await balance('fees:service')).toEqual({ BTC: 0n, LTC: -1_500_000n });
  });

  it('books a coin sweep: the deposit leaves its address for the hot wallet, less the fee', async () => {
    const eth = treasury.chains.chain('ETH');
    const deposit = exchanging({
      from: 'ETH',
      depositAddress: 'eth-7',
      depositIndex: 7,
      amountDeposited: '1000000',
    });
    eth.setBalance('eth-7', 'ETH', 1_000_000n);

    await record(deposit);
    await treasury.dispatcher.drain('ETH');

    expect(await balance(`unswept:${ID}`)).toEqual({ ETH: 0n });
    expect(await balance('hot:ETH')).toEqual({ ETH: 1_000_000n - 21_000n });
    expect(await balance('fees:network')).toEqual({ ETH: 21_000n });
    expect(await allZero()).toBe(true);
  });

  it('books a token sweep and the gas it needed', async () => {
    const eth = treasury.chains.chain('ETH');
    const deposit = exchanging({
      from: 'USDTERC',
      depositAddress: 'eth-7',
      depositIndex: 7,
      amountDeposited: '500000000',
    });
    eth.setBalance('eth-7', 'USDTERC', 500_000_000n);

    await record(deposit);
    await treasury.dispatcher.drain('ETH');
    eth.confirm((await treasury.transfers.get(`gas:${ID}`)).signed?.txid ?? '', 1);
    await treasury.tracker.poll();
    await treasury.planSweeps.resumeTokenSweeps();
    await treasury.dispatcher.drain('ETH');

    expect(await balance(`unswept:${ID}`)).toEqual({ USDTERC: 0n, ETH: 0n });
    expect(await balance('hot:ETH')).toEqual({ USDTERC: 500_000_000n, ETH: -21_000n - 21_000n });
    expect(await balance('fees:network')).toEqual({ ETH: 42_000n });
    expect(await allZero()).toBe(true);
  });

  describe('a later deposit paid out on its own (rule 1)', () => {
    const FURTHER = `${ID}-further-1`;
    /** 0.5 LTC more, exchanged at its own moment: 0.0041 BTC out, 0.0000414 BTC fee. */
    const later = (state: 'REQUESTED' | 'SENT' | 'DONE' | 'FAILED') => ({
      id: 'LTC:late:0',
      tx: 'late',
      amount: '50000000',
      time: 1,
      handling: state === 'FAILED' ? ('RETURNED' as const) : ('PAID' as const),
      payout: { id: FURTHER, rate: '0.0082', amountTo: '410000', feeAmount: '4141', state, tx: null },
    });

    it("books its arrival and its own exchange beside the swap's, once; its payout pays it", async () => {
      await record(exchanging(), exchanging({ status: 'SENDING', later: [later('REQUESTED')] }));
      await treasury.planPayout.execute({
        payoutId: FURTHER,
        swapId: ID,
        network: 'BTC',
        currency: 'BTC',
        address: 'bc1quser',
        amount: '410000',
        requestedAt: 0,
      });
      await treasury.dispatcher.drain('BTC');
      await record(
        exchanging({ status: 'SENDING', later: [later('SENT')] }),
        exchanging({ status: 'DONE', later: [later('DONE')] }),
      );

      const { entries } = await report();
      expect(
        entries
          .filter((e) => e.batch.endsWith(':LTC:late:0'))
          .map((e) => [e.batch, e.account, e.currency, e.amount]),
      ).toEqual([
        [`deposit:${ID}:LTC:late:0`, 'hot:LTC', 'LTC', '50000000'],
        [`deposit:${ID}:LTC:late:0`, `deposits:${ID}`, 'LTC', '-50000000'],
        [`exchange:${ID}:LTC:late:0`, `deposits:${ID}`, 'LTC', '50000000'],
        [`exchange:${ID}:LTC:late:0`, `exchange:${ID}`, 'LTC', '-50000000'],
        [`exchange:${ID}:LTC:late:0`, `exchange:${ID}`, 'BTC', '414141'],
        [`exchange:${ID}:LTC:late:0`, `payouts:${ID}`, 'BTC', '-410000'],
        [`exchange:${ID}:LTC:late:0`, 'fees:service', 'BTC', '-1036'],
        [`exchange:${ID}:LTC:late:0`, 'fees:partner:k_partner', 'BTC', '-3105'],
      ]);
      expect(await balance(`deposits:${ID}`)).toEqual({ LTC: 0n });
      expect(await balance('hot:LTC')).toEqual({ LTC: 200_000_000n });
      expect(await allZero()).toBe(true);
    });

    it('undoes both when its payout failed: the deposit goes back as a return, booked as one', async () => {
      await record(
        exchanging({ status: 'SENDING', later: [later('REQUESTED')] }),
        exchanging({ status: 'SENDING', later: [later('FAILED')] }),
        exchanging({ status: 'SENDING', later: [later('FAILED')] }),
      );

      const batches = (await report()).entries.map((e) => e.batch);
      expect(new Set(batches.filter((b) => b.includes('late')))).toEqual(
        new Set([
          `deposit:${ID}:LTC:late:0`,
          `exchange:${ID}:LTC:late:0`,
          `deposit:${ID}:LTC:late:0:undone`,
          `exchange:${ID}:LTC:late:0:undone`,
        ]),
      );
      expect(await balance('hot:LTC')).toEqual({ LTC: 150_000_000n });
      expect(await balance(`payouts:${ID}`)).toEqual({ BTC: -1_234_500n });
      expect(await allZero()).toBe(true);
    });
  });

  it('books nothing for a dry run or a deposit not yet credited', async () => {
    await record(
      exchanging({ dryrun: true }),
      swapAt({ id: ID, status: 'CONFIRMING', amountDeposited: '150000000' }),
    );

    expect((await report()).entries).toEqual([]);
  });
});
