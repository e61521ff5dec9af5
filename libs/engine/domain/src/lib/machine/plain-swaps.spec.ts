import { newFixedSwap, newSwap, PAYOUT_TX, plainSwaps, T0 } from '@swap/domain/testing';
import { ev, states, walk } from '../../testing/machine.fixtures';

// The order view's specs read swaps built as plain data: each must be the state the machine reaches.
describe('plain swaps (@swap/domain/testing)', () => {
  const usdt = newSwap({ to: 'USDTERC', amountTo: 1_000_000_000n, rate: '60000', feeAmount: 0n });

  it.each([
    ['pending', plainSwaps.pending(), states.pending()],
    ['expired', plainSwaps.expired(), states.expired()],
    ['exchanging', plainSwaps.exchanging(), states.exchanging()],
    ['sending', plainSwaps.sending(), states.sending()],
    ['done', plainSwaps.done(), states.done()],
    [
      'done, credited at 16 where 15.5 was quoted',
      plainSwaps.done(
        plainSwaps.sending(
          plainSwaps.exchanging(newSwap(), {
            amountTo: 159_600_000_000_000_000n,
            feeAmount: 400_000_000_000_000n,
            rateActual: '16',
            slippage: '3.22580645',
          }),
        ),
      ),
      walk(states.confirming(), ev.credited(1_000_000n, { rate: '16' }), ev.broadcast(), ev.landed()),
    ],
    [
      'sending USDT, the network fee in ETH',
      plainSwaps.sending(plainSwaps.exchanging(usdt, { amountTo: 598_500_000n, feeAmount: 1_500_000n }), {
        fee: 1_234_567_890_123n,
        feeCurrency: 'ETH',
      }),
      walk(states.confirming(usdt), ev.credited(1_000_000n, { rate: '60000' }), {
        kind: 'PayoutBroadcast',
        now: T0 + 1400,
        tx: PAYOUT_TX,
        fee: 1_234_567_890_123n,
        feeCurrency: 'ETH',
      }),
    ],
    [
      'rateChanged',
      plainSwaps.rateChanged(),
      walk(states.confirming(newFixedSwap()), ev.credited(900_000n, { rate: '15' })),
    ],
    ['refunded', plainSwaps.refunded(), states.refunded()],
    [
      'furtherSent',
      plainSwaps.furtherSent(),
      walk(states.sendingWithFurther(), ev.landed(), ev.furtherBroadcast()),
    ],
    [
      'furtherFailed',
      plainSwaps.furtherFailed(),
      walk(states.sendingWithFurther(), ev.landed(), ev.furtherBroadcast(), ev.furtherFailed()),
    ],
    ['doneWithWaitingReturn', plainSwaps.doneWithWaitingReturn(), states.doneWithWaitingReturn()],
    [
      'doneWithReturnSent',
      plainSwaps.doneWithReturnSent(),
      walk(states.doneWithReturn(), ev.returned('Ab3dEf7hJk-return-1')),
    ],
  ])('%s is the state the machine reaches', (_name, plain, reached) => {
    expect(plain).toEqual(reached);
  });
});
