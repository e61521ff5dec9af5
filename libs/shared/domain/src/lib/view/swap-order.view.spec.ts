import { fromUnits } from '../money';
import { outputForDeposit } from '../quote/conversion';
import {
  FURTHER_TX,
  LATER_TX,
  newDryRun,
  newSwap,
  PAYOUT_TX,
  plainSwaps,
  REFUND_ADDRESS,
  RETURN_TX,
  T0,
} from '../../testing';
import type { Swap } from '../swap';
import { swapOrderView } from './swap-order.schema';
import { renderSwapOrder } from './swap-order.view';

const opts = { now: T0 + 600, publicUrl: 'https://swap.example' };

/** 0.01 BTC credited at 16 (15.5 quoted): 0.1596 ETH out after the 0.25 % fee of 0.0004 ETH. */
const CREDITED_AT_16 = {
  amountTo: 159_600_000_000_000_000n,
  feeAmount: 400_000_000_000_000n,
  rateActual: '16',
  slippage: '3.22580645',
};

/** 0.01 BTC → USDT on Ethereum credited at the quoted 60000: 598.5 USDT out, 1.5 USDT fee. */
const USDT_CREDITED = plainSwaps.exchanging(
  newSwap({ to: 'USDTERC', amountTo: 1_000_000_000n, rate: '60000', feeAmount: 0n }),
  { amountTo: 598_500_000n, feeAmount: 1_500_000n },
);

describe('renderSwapOrder (section 2.5)', () => {
  it('renders a NEW swap with exactly the documented fields', () => {
    const view = renderSwapOrder(newSwap(), opts);
    expect(view).toEqual({
      id: 'Ab3dEf7hJk',
      token: 'tok0123456789abcdefXYZ',
      type: 'float',
      status: 'NEW',
      time: { reg: T0, start: null, finish: null, update: T0, expiration: T0 + 3600, left: 3000 },
      from: {
        code: 'BTC',
        coin: 'BTC',
        network: 'BTC',
        name: 'Bitcoin',
        amount: '0.01000000',
        amountDeposited: '0.00000000',
        address: 'bc1qdepositaddressxxxxxxxxxxxxxxxxxxxxxxx',
        reqConfirmations: 1,
        tx: null,
      },
      to: {
        code: 'ETH',
        coin: 'ETH',
        network: 'ETH',
        name: 'Ethereum',
        amount: '0.15461250',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        tx: null,
      },
      refund: { address: REFUND_ADDRESS, tx: null },
      issue: { type: null, reason: null, needsRefundAddress: false, choice: 'NONE' },
      rate: '15.5',
      rateActual: null,
      fee: { percent: 0.25, amount: '0.00038750', partnerPercent: 0 },
      slippage: null,
      proposed: null,
      dryrun: false,
      url: 'https://swap.example/swap/Ab3dEf7hJk?token=tok0123456789abcdefXYZ',
      ref: null,
      returns: [],
    });
    expect(JSON.parse(JSON.stringify(view))).toEqual(view); // plain JSON: no bigint, no undefined
    // D19: a swap made through a referral code carries it.
    expect(renderSwapOrder(newSwap({ ref: 'Ref0Code1234' }), opts).ref).toBe('Ref0Code1234');
  });

  it('rule 1: adds a further deposit paid on its own to from.amountDeposited, to.amount and fee.amount; to.tx is the latest payout', () => {
    const further = plainSwaps.furtherSent();
    const view = renderSwapOrder(further, opts);
    const out = outputForDeposit(500_000n, 'BTC', 'ETH', '15.5', '0.25');
    expect(view.status).toBe('SENDING');
    expect(view.from.amountDeposited).toBe('0.01500000');
    expect(view.to.amount).toBe(fromUnits(further.amountTo + out.net, 18, 8));
    expect(view.fee.amount).toBe(fromUnits(further.feeAmount + out.fee, 18, 8));
    expect(view.to.tx).toMatchObject({ id: FURTHER_TX, confirmations: 0 });
    expect(view.returns).toEqual([]);
    // A further payout that failed sent its deposit back: it counts no more.
    const failed = renderSwapOrder(plainSwaps.furtherFailed(), opts);
    expect(failed.from.amountDeposited).toBe('0.01000000');
    expect(failed.to.tx).toMatchObject({ id: PAYOUT_TX });
    expect(failed.returns).toEqual([
      expect.objectContaining({
        depositTx: LATER_TX,
        deposited: '0.00500000',
        amount: '0.00495000',
        status: 'REFUNDING',
      }),
    ]);
  });

  it('lists the deposits going back, with their status and transaction', () => {
    const waiting = renderSwapOrder(plainSwaps.doneWithWaitingReturn(), opts);
    expect(waiting.returns).toEqual([
      {
        depositTx: LATER_TX,
        deposited: '0.00500000',
        amount: '0.00495000',
        address: null,
        status: 'AWAITING_ADDRESS',
        tx: null,
        reason: 'The deposit confirmed after the swap ended (DONE); it goes back minus the 1 % refund fee',
      },
    ]);
    const sent = renderSwapOrder(plainSwaps.doneWithReturnSent(), opts);
    expect(sent.returns[0]).toMatchObject({
      status: 'REFUNDED',
      address: REFUND_ADDRESS,
      tx: { id: RETURN_TX, amount: '0.00495000', confirmations: 0 },
    });
    // The swap's own fields are as they were.
    expect(sent.from.amountDeposited).toBe('0.01000000');
    expect(sent.status).toBe('DONE');
  });

  it('counts time.left down to 0 while NEW, null once a deposit was seen or the swap ended', () => {
    expect(renderSwapOrder(newSwap(), { ...opts, now: T0 + 4000 }).time.left).toBe(0);
    expect(renderSwapOrder(plainSwaps.pending(), opts).time.left).toBeNull();
    expect(renderSwapOrder(plainSwaps.expired(), opts).time.left).toBeNull();
    // A dry run never expires (rule 4): no window counts down.
    expect(renderSwapOrder(newSwap({ id: 'DRab12cd34', dryrun: true }), opts).time.left).toBeNull();
  });

  it('renders a DONE swap: deposit and payout transactions, rateActual, slippage as a number', () => {
    // Credited at 16 where 15.5 was quoted.
    const done = plainSwaps.done(plainSwaps.sending(plainSwaps.exchanging(newSwap(), CREDITED_AT_16)));
    const view = renderSwapOrder(done, opts);
    expect(view.status).toBe('DONE');
    expect(view.from.tx).toEqual({
      id: 'd'.repeat(64),
      amount: '0.01000000',
      fee: null,
      feeCurrency: null,
      timeReg: T0 + 60,
      timeBlock: T0 + 1200,
      confirmations: 1,
    });
    expect(view.to.tx).toEqual({
      id: PAYOUT_TX,
      amount: '0.15960000',
      fee: null,
      feeCurrency: null,
      timeReg: T0 + 1400,
      confirmations: 1,
      txKey: null,
    });
    expect(view.from.amountDeposited).toBe('0.01000000');
    expect(view.rateActual).toBe('16');
    expect(view.slippage).toBe(3.22580645);
    expect(view.time.finish).toBe(T0 + 1800);
  });

  it('shows rateActual only once DONE', () => {
    expect(renderSwapOrder(plainSwaps.exchanging(), opts).rateActual).toBeNull();
  });

  it('formats the payout network fee in its own currency (USDT on ETH pays in ETH)', () => {
    const swap = plainSwaps.sending(USDT_CREDITED, { fee: 1_234_567_890_123n, feeCurrency: 'ETH' });
    const view = renderSwapOrder(swap, opts);
    expect(view.to.amount).toBe('598.500000');
    expect(view.to.tx).toMatchObject({ amount: '598.500000', fee: '0.00000123', feeCurrency: 'ETH' });
  });

  it('renders RATE_CHANGED with the re-quote as strings at the currency precision', () => {
    const view = renderSwapOrder(plainSwaps.rateChanged(), opts);
    expect(view.issue).toMatchObject({ type: 'LESS', needsRefundAddress: false, choice: 'NONE' });
    expect(view.issue.reason).toEqual(expect.any(String));
    expect(view.proposed).toEqual({ rate: '15', amount: '0.13432500' });
    expect(view.fee.percent).toBe(0.5);
  });

  it('renders a refund with refund.tx in the source currency', () => {
    const view = renderSwapOrder(plainSwaps.refunded(), opts);
    expect(view.status).toBe('REFUNDED');
    expect(view.refund).toEqual({
      address: REFUND_ADDRESS,
      tx: {
        id: 'f'.repeat(64),
        amount: '0.00049500',
        fee: null,
        feeCurrency: null,
        timeReg: T0 + 1900,
        timeBlock: null,
        confirmations: 0,
      },
    });
  });

  it('truncates chain decimals to the API precision without exponent form (XMR: 12 → 8)', () => {
    const view = renderSwapOrder(
      newSwap({ from: 'XMR', amountFrom: 1_234_567_891_234n, amountTo: 1n }),
      opts,
    );
    expect(view.from.amount).toBe('1.23456789');
    expect(view.to.amount).toBe('0.00000000');
  });

  it('gives a dry-run no public url', () => {
    const view = renderSwapOrder(newDryRun(), { ...opts, publicUrl: 'https://swap.example/' });
    expect(view.dryrun).toBe(true);
    expect(view.url).toBeNull();
  });

  it('builds the url from PUBLIC_URL without a double slash', () => {
    expect(renderSwapOrder(newSwap(), { ...opts, publicUrl: 'http://127.0.0.1:8080/' }).url).toBe(
      'http://127.0.0.1:8080/swap/Ab3dEf7hJk?token=tok0123456789abcdefXYZ',
    );
  });

  it.each<[string, Swap]>([
    ['NEW', newSwap()],
    ['a dry run', newDryRun()],
    ...Object.entries(plainSwaps).map(([name, swap]): [string, Swap] => [name, swap()]),
  ])('renders %s in the declared shape (swapOrderView, the OpenAPI SwapOrder)', (_name, swap) => {
    const view = renderSwapOrder(swap, opts);
    // parse drops a field the shape does not declare, and throws on one it lacks or mistypes.
    expect(swapOrderView.parse(view)).toEqual(view);
  });
});
