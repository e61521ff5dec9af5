import { quietLogger } from '@swap/domain/testing';
import { UnsignableTransfer } from '@swap/chain';
import { TreasuryError } from '../signing/treasury-errors';
import { payoutCommand, useHarness, type TreasuryProcess } from '../../test/treasury-harness';

/**
 * Stuck transfers (issue 25): re-sends of a transaction the node lost back off exponentially with
 * the reason stored; an operator's fee bump or nonce filler is stored before it is sent, and the
 * transfer settles on whichever transaction is mined, paying once, the ledger booking what was paid.
 */
describe('stuck transfers', () => {
  const h = useHarness();
  let treasury: TreasuryProcess;
  const payoutId = 'AbCdEfGhIj:payout:1';
  const AMOUNT = 1_500_000_000_000_000_000n;
  const warnings: string[] = [];

  beforeEach(() => {
    warnings.length = 0;
    const logger = quietLogger({ warn: (_: object, msg?: string) => void warnings.push(msg ?? '') });
    treasury = h().start({ logger });
  });

  async function broadcastPayout(network: 'ETH' | 'LTC' = 'ETH'): Promise<string> {
    const command =
      network === 'ETH'
        ? payoutCommand()
        : payoutCommand({ network: 'LTC', currency: 'LTC', address: 'ltc-user', amount: '100000000' });
    await treasury.planPayout.execute(command);
    await treasury.dispatcher.drain(network);
    const transfer = await treasury.transfers.get(payoutId);
    expect(transfer.state).toBe('BROADCAST');
    return transfer.signed?.txid ?? '';
  }

  const balances = async (account: string) => h().ledger.balances(account);
  const refusal = (err: unknown) =>
    err instanceof TreasuryError ? `${err.code}: ${err.message}` : String(err);

  it('re-sends a lost transaction the node refuses with exponential backoff, the reason stored, one warning', async () => {
    const eth = treasury.chains.chain('ETH');
    const txid = await broadcastPayout();
    eth.forget(txid);
    eth.refusals.set(txid, 'max fee per gas less than block base fee');
    const sent = () => eth.broadcasts.length;
    const before = sent();

    const delays: number[] = [];
    for (let round = 0; round < 6; round++) {
      await treasury.tracker.poll();
      await treasury.tracker.poll(); // not due yet: nothing sent
      const t = await treasury.transfers.get(payoutId);
      delays.push(t.nextAttemptAt - h().clock.ms);
      h().clock.advance(t.nextAttemptAt - h().clock.ms);
    }

    expect(sent() - before).toBe(6);
    expect(delays).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(await treasury.transfers.get(payoutId)).toMatchObject({
      state: 'BROADCAST',
      attempts: 6,
      refused: true,
      lastError:
        'the node lost the transaction and refuses it again: max fee per gas less than block base fee',
    });
    expect(warnings.filter((w) => w.startsWith('re-broadcast refused'))).toHaveLength(1);
    const [listed] = await treasury.listTransfers.execute({ limit: 10 });
    expect(listed).toMatchObject({ attempts: 6, lastError: expect.stringContaining('base fee') });

    // Taken again: the error and the count start over.
    eth.refusals.delete(txid);
    await treasury.tracker.poll();
    await treasury.tracker.poll();
    expect(await treasury.transfers.get(payoutId)).toMatchObject({
      attempts: 0,
      lastError: null,
      refused: false,
    });
  });

  it('a fee bump is stored before it is sent, lands, and the payout pays once at the bumped fee', async () => {
    const eth = treasury.chains.chain('ETH');
    const txid = await broadcastPayout();

    const bumped = await treasury.replaceTransfer.bump({ transferId: payoutId });
    expect(bumped).toMatchObject({
      action: 'bump',
      replaces: txid,
      txid: `${txid}-bump1`,
      fee: '42000',
      previousFee: '21000',
      accepted: true,
    });
    expect(await treasury.transfers.get(payoutId)).toMatchObject({
      state: 'BROADCAST',
      signed: { txid: `${txid}-bump1` },
    });
    expect(await balances('fees:network')).toEqual(new Map([['ETH', 42_000n]]));

    eth.confirm(`${txid}-bump1`, 12, 30_000n);
    await treasury.tracker.poll();

    expect(await treasury.transfers.get(payoutId)).toMatchObject({ state: 'CONFIRMED', feePaid: 30_000n });
    expect(treasury.out.progress.at(-1)).toMatchObject({ state: 'confirmed', txid: `${txid}-bump1` });
    expect(await balances('fees:network')).toEqual(new Map([['ETH', 30_000n]]));
    expect(await balances('hot:ETH')).toEqual(new Map([['ETH', -(AMOUNT + 30_000n)]]));
    expect(await balances('payouts:AbCdEfGhIj')).toEqual(new Map([['ETH', AMOUNT]]));
  });

  it('after a bump, the original mined instead settles the transfer, at its own fee', async () => {
    const eth = treasury.chains.chain('ETH');
    const txid = await broadcastPayout();
    await treasury.replaceTransfer.bump({ transferId: payoutId });

    eth.confirm(txid, 12);
    await treasury.tracker.poll();
    await treasury.tracker.poll();

    expect(await treasury.transfers.get(payoutId)).toMatchObject({ state: 'CONFIRMED', signed: { txid } });
    expect(await balances('fees:network')).toEqual(new Map([['ETH', 21_000n]]));
    expect(await balances('hot:ETH')).toEqual(new Map([['ETH', -(AMOUNT + 21_000n)]]));
  });

  it("bumps a UTXO payout at the operator's fee rate; it lands once", async () => {
    const ltc = treasury.chains.chain('LTC');
    const txid = await broadcastPayout('LTC');

    const view = await treasury.replaceTransfer.bump({ transferId: payoutId, feeRate: '50' });
    expect(view).toMatchObject({ network: 'LTC', replaces: txid, transfers: [payoutId], accepted: true });
    ltc.confirm(view.txid, 6);
    await treasury.tracker.poll();

    expect(await treasury.transfers.get(payoutId)).toMatchObject({
      state: 'CONFIRMED',
      signed: { txid: view.txid },
    });
    expect(await balances('fees:network')).toEqual(new Map([['LTC', 42_000n]]));
    expect(await balances('hot:LTC')).toEqual(new Map([['LTC', -(100_000_000n + 42_000n)]]));
  });

  it('a nonce filler fails the payout only once it is mined as deep as the payout would be', async () => {
    const eth = treasury.chains.chain('ETH');
    const txid = await broadcastPayout();
    eth.forget(txid);

    const filled = await treasury.replaceTransfer.fillNonce({ transferId: payoutId });
    expect(filled).toMatchObject({
      action: 'fill-nonce',
      replaces: txid,
      txid: `${txid}-fill1`,
      fee: '30000',
    });
    expect(eth.broadcasts.at(-1)).toContain('>eth-0'); // to the hot wallet
    expect(await balances('fees:network')).toEqual(new Map([['ETH', 51_000n]]));

    // Lost by the node: the filler goes out again, not the payout.
    eth.forget(`${txid}-fill1`);
    await treasury.tracker.poll();
    expect(eth.broadcasts.at(-1)).toContain('|fill1');

    eth.confirm(`${txid}-fill1`, 3);
    await treasury.tracker.poll();
    expect(await treasury.transfers.get(payoutId)).toMatchObject({ state: 'BROADCAST' });

    eth.confirm(`${txid}-fill1`, 12, 25_000n);
    await treasury.tracker.poll();
    expect(await treasury.transfers.get(payoutId)).toMatchObject({
      state: 'FAILED',
      failure: expect.stringContaining(`${txid}-fill1`),
    });
    expect(treasury.out.progress.at(-1)).toMatchObject({ state: 'failed' });
    expect(await balances('payouts:AbCdEfGhIj')).toEqual(new Map([['ETH', 0n]]));
    // Only the filler's fee was spent, at what the chain charged (above the payout's own fee).
    expect(await balances('fees:network')).toEqual(new Map([['ETH', 25_000n]]));
    expect(await balances('hot:ETH')).toEqual(new Map([['ETH', -25_000n]]));
  });

  it('a nonce filler unblocks the transfers signed behind a payout no node takes', async () => {
    const planned = (id: string) => ({
      id,
      kind: 'payout' as const,
      swapId: 'AbCdEfGhIj',
      network: 'ETH' as const,
      currency: 'ETH' as const,
      fromIndex: 0,
      to: 'user',
      amount: 1000n,
    });
    for (const id of ['p0', 'p1']) await treasury.transfers.plan(planned(id));
    const eth = treasury.chains.chain('ETH');
    eth.refusals.set('eth-tx-0', 'insufficient funds for gas * price + value');
    await treasury.dispatcher.drain('ETH');
    const states = async () =>
      Promise.all(['p0', 'p1'].map(async (id) => (await treasury.transfers.get(id)).state));
    expect(await states()).toEqual(['SIGNED', 'SIGNED']);

    await treasury.replaceTransfer.fillNonce({ transferId: 'p0' });
    await treasury.dispatcher.drain('ETH');

    // p0's nonce is in the node's hands now (its filler): p1 goes out, p0 is followed.
    expect(await states()).toEqual(['BROADCAST', 'BROADCAST']);
    eth.confirm('eth-tx-0-fill1', 12);
    await treasury.tracker.poll();
    expect(await states()).toEqual(['FAILED', 'BROADCAST']);
  });

  it('the payout mined before its filler stands, and the filler costs nothing', async () => {
    const eth = treasury.chains.chain('ETH');
    const txid = await broadcastPayout();
    await treasury.replaceTransfer.fillNonce({ transferId: payoutId });

    eth.confirm(txid, 12, 21_000n);
    await treasury.tracker.poll();

    expect(await treasury.transfers.get(payoutId)).toMatchObject({ state: 'CONFIRMED' });
    expect(await balances('fees:network')).toEqual(new Map([['ETH', 21_000n]]));
    expect(await balances('payouts:AbCdEfGhIj')).toEqual(new Map([['ETH', AMOUNT]]));
  });

  it('a CPFP child is booked as it is stored, and stays booked when its parent lands', async () => {
    const ltc = treasury.chains.chain('LTC');
    const txid = await broadcastPayout('LTC');

    const child = await treasury.replaceTransfer.cpfp({ transferId: payoutId, feeRate: '100' });
    expect(child).toMatchObject({
      action: 'cpfp',
      replaces: txid,
      txid: `${txid}-child1`,
      fee: '15000',
      accepted: true,
    });
    expect((await treasury.transfers.get(payoutId)).signed?.txid).toBe(txid);

    ltc.confirm(txid, 6);
    ltc.confirm(`${txid}-child1`, 6);
    await treasury.tracker.poll();

    expect(await treasury.transfers.get(payoutId)).toMatchObject({ state: 'CONFIRMED', signed: { txid } });
    expect(await balances('fees:network')).toEqual(new Map([['LTC', 36_000n]]));
    expect(await balances('hot:LTC')).toEqual(new Map([['LTC', -(100_000_000n + 36_000n)]]));
  });

  it('a CPFP child whose parent was bumped away costs nothing once the bump lands', async () => {
    const ltc = treasury.chains.chain('LTC');
    const txid = await broadcastPayout('LTC');
    await treasury.replaceTransfer.cpfp({ transferId: payoutId });
    const bumped = await treasury.replaceTransfer.bump({ transferId: payoutId });

    ltc.confirm(bumped.txid, 6);
    await treasury.tracker.poll();

    expect(await treasury.transfers.get(payoutId)).toMatchObject({
      state: 'CONFIRMED',
      signed: { txid: bumped.txid },
    });
    expect(bumped.txid).not.toBe(txid);
    expect(await balances('fees:network')).toEqual(new Map([['LTC', 42_000n]]));
  });

  it('answers the operator clearly: unknown, settled, not replaceable here', async () => {
    expect(
      refusal(await treasury.replaceTransfer.bump({ transferId: 'nope' }).catch((e: unknown) => e)),
    ).toBe('NOT_FOUND: No transfer nope');
    const eth = treasury.chains.chain('ETH');
    const txid = await broadcastPayout();
    eth.confirm(txid, 12);
    await treasury.tracker.poll();
    expect(
      refusal(await treasury.replaceTransfer.bump({ transferId: payoutId }).catch((e: unknown) => e)),
    ).toMatch(/^CONFLICT: transfer .* is confirmed already/);

    await treasury.planPayout.execute(
      payoutCommand({
        payoutId: 'x:payout:1',
        swapId: 'x',
        network: 'XMR',
        currency: 'XMR',
        address: 'xmr-user',
        amount: '1000',
      }),
    );
    await treasury.dispatcher.drain('XMR');
    expect(
      refusal(await treasury.replaceTransfer.bump({ transferId: 'x:payout:1' }).catch((e: unknown) => e)),
    ).toMatch(/^CANNOT_REPLACE: XMR transactions cannot be replaced/);

    await treasury.planPayout.execute(
      payoutCommand({
        payoutId: 'y:payout:1',
        swapId: 'y',
        network: 'LTC',
        currency: 'LTC',
        address: 'ltc-user',
        amount: '1000',
      }),
    );
    await treasury.dispatcher.drain('LTC');
    expect(
      refusal(
        await treasury.replaceTransfer.fillNonce({ transferId: 'y:payout:1' }).catch((e: unknown) => e),
      ),
    ).toMatch(/^CANNOT_REPLACE: LTC has no nonces to fill/);
    treasury.chains.chain('LTC').replaceError = new UnsignableTransfer('no change output');
    expect(
      refusal(await treasury.replaceTransfer.bump({ transferId: 'y:payout:1' }).catch((e: unknown) => e)),
    ).toBe('CANNOT_REPLACE: no change output');
    expect(
      refusal(await treasury.replaceTransfer.cpfp({ transferId: payoutId }).catch((e: unknown) => e)),
    ).toMatch(/^CONFLICT: transfer .* is confirmed already/);
    expect(
      refusal(await treasury.replaceTransfer.cpfp({ transferId: 'x:payout:1' }).catch((e: unknown) => e)),
    ).toMatch(/^CANNOT_REPLACE: XMR/);
  });
});
