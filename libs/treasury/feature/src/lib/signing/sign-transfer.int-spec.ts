import { UnsignableTransfer } from '@swap/chain';
import { useHarness, RETRY, type TreasuryProcess } from '../../test/treasury-harness';
import { TreasuryError } from './treasury-errors';

describe('SignTransfer (treasury.sign-transfer)', () => {
  const h = useHarness();
  let treasury: TreasuryProcess;

  beforeEach(() => {
    treasury = h().start();
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
    expect(await treasury.transfers.reservations()).toEqual(new Map([['LTC', 9_900_000n + 21_000n]]));

    treasury.chains.chain('LTC').confirm(signed.txid, 2);
    await treasury.tracker.poll();

    expect(await treasury.transfers.reservations()).toEqual(new Map());
  });

  it('refuses a requestId reused for another transfer, and a currency of another network', async () => {
    await treasury.signTransfer.execute(request);

    await expect(treasury.signTransfer.execute({ ...request, amount: '1' })).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
    });
    await expect(
      treasury.signTransfer.execute({ ...request, requestId: 'other', currency: 'BTC' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await treasury.transfers.find('refund:other')).toBeNull();
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
    expect(await treasury.transfers.reservations()).toEqual(new Map());
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
