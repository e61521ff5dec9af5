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
});
