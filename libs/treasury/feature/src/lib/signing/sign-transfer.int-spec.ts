import { UnsignableTransfer } from '@swap/chain';
import type { RefundRequested, SignTransferRequest } from '@swap/contracts';
import {
  DEFAULT_TEST_LIMITS,
  useHarness,
  RETRY,
  T0_MS,
  type TreasuryProcess,
} from '../../test/treasury-harness';
import { TreasuryError } from './treasury-errors';

/** The engine's refund command a sign request is checked against. */
const orderOf = (request: SignTransferRequest): RefundRequested => ({
  refundId: request.requestId,
  swapId: request.swapId ?? 'AbCdEfGhIj',
  network: request.network,
  currency: request.currency,
  address: request.to,
  amount: request.amount,
  deposited: (BigInt(request.amount) + 100_000n).toString(),
  requestedAt: T0_MS,
});

describe('SignTransfer (treasury.sign-transfer)', () => {
  const h = useHarness();
  let treasury: TreasuryProcess;

  beforeEach(async () => {
    treasury = h().start();
    await treasury.recordRefundOrder.execute(orderOf(request));
  });

  const request = {
    requestId: 'refund-AbCdEfGhIj-1',
    network: 'LTC' as const,
    currency: 'LTC' as const,
    to: 'ltc1quser',
    amount: '9900000',
    swapId: 'AbCdEfGhIj',
  };

  it('signs from the hot wallet once per requestId and answers with the stored bytes', async () => {
    const ltc = treasury.chains.chain('LTC');

    const first = await treasury.signTransfer.execute(request);
    const again = await treasury.signTransfer.execute(request);
    const afterRestart = await h().start().signTransfer.execute(request);

    expect(ltc.signs).toEqual([
      { order: { currency: 'LTC', to: 'ltc1quser', amount: 9_900_000n }, from: 'ltc-0', index: 0 },
    ]);
    expect(again).toEqual(first);
    expect(afterRestart).toEqual(first);
    const stored = await treasury.transfers.get('refund:refund-AbCdEfGhIj-1');
    expect(first).toEqual({ ...stored.signed, fee: '21000' });
    // Sent by the treasury too, so the hot wallet's next transaction never competes with it.
    expect(ltc.broadcasts).toEqual([first.raw]);
  });

  it('reserves amount and fee until the transfer confirms', async () => {
    const signed = await treasury.signTransfer.execute(request);
    expect(await treasury.transferReports.reservations()).toEqual(new Map([['LTC', 9_900_000n + 21_000n]]));

    treasury.chains.chain('LTC').confirm(signed.txid, 2);
    await treasury.tracker.poll();

    expect(await treasury.transferReports.reservations()).toEqual(new Map());
  });

  it('a sign request for a refund that the engine never ordered is refused, and signs nothing', async () => {
    const never = { ...request, requestId: 'refund-NeVeRoRdEr-1', to: 'ltc1qattacker' };

    const refused = treasury.signTransfer.execute(never);
    await expect(refused).rejects.toBeInstanceOf(TreasuryError);
    await expect(refused).rejects.toMatchObject({
      code: 'REFUND_NOT_ORDERED',
      status: 409,
      message: expect.stringContaining('signs only refunds the engine ordered'),
    });
    expect(await treasury.transfers.find('refund:refund-NeVeRoRdEr-1')).toBeNull();
    expect(treasury.chains.chain('LTC').signs).toEqual([]);
    expect(await treasury.transferReports.reservations()).toEqual(new Map());
  });

  it('a request that came before its order is signed once the order is recorded (the refunds service asks again)', async () => {
    const early = { ...request, requestId: 'refund-EaRlYoRdEr-1' };
    await expect(treasury.signTransfer.execute(early)).rejects.toMatchObject({ code: 'REFUND_NOT_ORDERED' });

    await treasury.recordRefundOrder.execute(orderOf(early));
    // A repeated command (redelivered) is the same order.
    await treasury.recordRefundOrder.execute(orderOf(early));

    expect((await treasury.signTransfer.execute(early)).raw).toContain('ltc-0>ltc1quser|9900000 LTC');
  });

  it.each([
    ['an address', { to: 'ltc1qattacker' }, 'its address differs'],
    ['an amount', { amount: '99000000' }, 'its amount differs'],
    [
      'a currency and network',
      { network: 'BTC' as const, currency: 'BTC' as const },
      'its network, currency differ',
    ],
    ['a swap', { swapId: 'OtHeRsWaP1' }, 'its swap differs'],
  ])('refuses, for good, a request with %s other than the engine ordered', async (_, change, says) => {
    const refused = treasury.signTransfer.execute({ ...request, ...change });
    await expect(refused).rejects.toMatchObject({ code: 'REFUND_MISMATCH', status: 403 });
    await expect(refused).rejects.toThrow(says);
    expect(await treasury.transfers.find('refund:refund-AbCdEfGhIj-1')).toBeNull();
    expect(treasury.chains.chain('LTC').signs).toEqual([]);
  });

  it('refuses a currency of another network', async () => {
    await expect(
      treasury.signTransfer.execute({ ...request, requestId: 'other', currency: 'BTC' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await treasury.transfers.find('refund:other')).toBeNull();
  });

  it('a refund above a payout limit is held, asked again, then signed once an operator approves it', async () => {
    const limited = h().start({
      limits: {
        ...DEFAULT_TEST_LIMITS,
        LTC: { perTransfer: 5_000_000n, perHour: 10n ** 9n, perDay: 10n ** 9n },
      },
    });

    await expect(limited.signTransfer.execute(request)).rejects.toMatchObject({
      code: 'HELD',
      message: expect.stringContaining('0.099 LTC is above the limit per transfer (0.05 LTC)'),
    });
    await expect(limited.signTransfer.execute(request)).rejects.toMatchObject({ code: 'HELD' });
    expect(limited.chains.chain('LTC').signs).toEqual([]);

    await limited.heldTransfers.approve('refund:refund-AbCdEfGhIj-1');
    await limited.dispatcher.settled();
    const signed = await limited.signTransfer.execute(request);
    expect(limited.chains.chain('LTC').signs).toHaveLength(1);
    expect(limited.chains.chain('LTC').broadcasts).toEqual([signed.raw]);
  });

  it('a refund rejected while held answers SIGN_FAILED with the reason', async () => {
    const limited = h().start({
      limits: { ...DEFAULT_TEST_LIMITS, LTC: { perTransfer: 0n, perHour: 0n, perDay: 0n } },
    });
    await expect(limited.signTransfer.execute(request)).rejects.toMatchObject({ code: 'HELD' });

    await limited.heldTransfers.reject('refund:refund-AbCdEfGhIj-1', 'the address is on a sanctions list');

    await expect(limited.signTransfer.execute(request)).rejects.toMatchObject({
      code: 'SIGN_FAILED',
      message:
        'The transfer could not be signed: rejected by an operator: the address is on a sanctions list',
    });
    expect(limited.chains.chain('LTC').signs).toEqual([]);
  });

  it('answers FROZEN while an operator froze signing, and signs once unfrozen', async () => {
    await treasury.freeze.freeze('LTC', 'incident 42');

    await expect(treasury.signTransfer.execute(request)).rejects.toMatchObject({
      code: 'FROZEN',
      status: 503,
    });
    expect(treasury.chains.chain('LTC').signs).toEqual([]);

    await treasury.freeze.unfreeze('LTC');
    await treasury.dispatcher.settled();
    await treasury.signTransfer.execute(request);
    expect(treasury.chains.chain('LTC').signs).toHaveLength(1);
  });

  it('asks to come back while the node cannot sign, however long, then answers', async () => {
    const ltc = treasury.chains.chain('LTC');
    ltc.signError = new Error('connect ECONNREFUSED');

    const refused = treasury.signTransfer.execute(request);
    await expect(refused).rejects.toBeInstanceOf(TreasuryError);
    await expect(refused).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 503 });

    for (let i = 0; i < RETRY.maxSignAttempts; i++) {
      h().clock.advance(RETRY.maxMs);
      await expect(treasury.signTransfer.execute(request)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    }

    ltc.signError = null;
    h().clock.advance(RETRY.maxMs);
    const signed = await treasury.signTransfer.execute(request);
    expect(signed.raw).toContain('ltc-0>ltc1quser|9900000 LTC');
  });

  it('answers SIGN_FAILED, for good, for a refund the chain can never carry', async () => {
    treasury.chains.chain('LTC').signError = new UnsignableTransfer('546 is below the dust limit (294)');

    await expect(treasury.signTransfer.execute(request)).rejects.toMatchObject({
      code: 'SIGN_FAILED',
      message: 'The transfer could not be signed: 546 is below the dust limit (294)',
    });
    expect(await treasury.transfers.get('refund:refund-AbCdEfGhIj-1')).toMatchObject({ state: 'FAILED' });
    expect(await treasury.transferReports.reservations()).toEqual(new Map());
  });

  describe('on TRX, where a transaction expires', () => {
    const trxRequest = {
      ...request,
      requestId: 'AbCdEfGhIj-refund-19',
      network: 'TRX' as const,
      currency: 'USDTTRC' as const,
      to: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      amount: '7900000',
    };
    const transferId = 'refund:AbCdEfGhIj-refund-19';

    beforeEach(async () => {
      await treasury.recordRefundOrder.execute(orderOf(trxRequest));
    });

    it('a refund transaction the node lost is proven dead by the treasury itself, which then answers the bytes signed again', async () => {
      const trx = treasury.chains.chain('TRX');
      const first = await treasury.signTransfer.execute(trxRequest);
      expect(await treasury.transfers.get(transferId)).toMatchObject({ state: 'BROADCAST', generation: 0 });

      // Lost, and past its deadline but not proven dead yet: the old bytes, nothing signed anew.
      trx.forget(first.txid);
      await treasury.tracker.poll();
      expect(await treasury.signTransfer.execute(trxRequest)).toEqual(first);

      trx.dead.add(first.txid);
      trx.forget(first.txid);
      trx.height++;
      await treasury.tracker.poll();
      await treasury.dispatcher.settled();
      const again = await treasury.signTransfer.execute(trxRequest);
      expect(again.txid).not.toBe(first.txid);
      expect(await treasury.transfers.get(transferId)).toMatchObject({
        state: 'BROADCAST',
        generation: 1,
        signed: { txid: again.txid },
      });
      expect(trx.signs).toHaveLength(2);
    });

    it('answers SIGN_FAILED with the reason once the refund failed, never its dead bytes again', async () => {
      const trx = treasury.chains.chain('TRX');
      trx.refusals.set('trx-tx-0', 'CONTRACT_VALIDATE_ERROR: balance is not sufficient');
      const first = await treasury.signTransfer.execute(trxRequest);
      expect(await treasury.transfers.get(transferId)).toMatchObject({ state: 'SIGNED', refused: true });

      trx.dead.add(first.txid);
      h().clock.advance(RETRY.initialMs);
      await treasury.dispatcher.drain('TRX');
      expect(await treasury.transfers.get(transferId)).toMatchObject({ state: 'FAILED', generation: 0 });

      await expect(treasury.signTransfer.execute(trxRequest)).rejects.toMatchObject({
        code: 'SIGN_FAILED',
        message: expect.stringContaining('CONTRACT_VALIDATE_ERROR: balance is not sufficient'),
      });
      expect(trx.signs).toHaveLength(1);
    });
  });
});
