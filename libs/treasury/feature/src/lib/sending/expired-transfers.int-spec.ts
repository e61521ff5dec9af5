import { payoutCommand, RETRY, useHarness } from '../../test/treasury-harness';

const SOL_USER = 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW';
const solPayout = (payoutId = 'SoLsWaP001:payout:1') =>
  payoutCommand({
    payoutId,
    swapId: 'SoLsWaP001',
    network: 'SOL',
    currency: 'SOL',
    address: SOL_USER,
    amount: '2000000000',
  });

/**
 * Chains whose transactions carry a deadline (Tron, Solana): a transaction gives way to a new one
 * only once the node proves it can never land, and never two valid transactions of one payout.
 */
describe('expiring transactions (TRX, SOL): signed again only once proven dead', () => {
  const h = useHarness();

  it('a payout the node lost is sent again byte for byte until proven dead, then signed anew, booked once', async () => {
    const treasury = h().start();
    const sol = treasury.chains.chain('SOL');
    await treasury.planPayout.execute(solPayout());
    await treasury.dispatcher.drain('SOL');
    const first = await treasury.transfers.get('SoLsWaP001:payout:1');
    expect(first).toMatchObject({ state: 'BROADCAST', generation: 0, signed: { validUntil: 1000 } });

    // The node forgot it, but its deadline has not passed: the same bytes again, nothing new signed.
    sol.forget(first.signed?.txid ?? '');
    await treasury.tracker.poll();
    expect(sol.signs).toHaveLength(1);
    expect(sol.broadcasts).toEqual([first.signed?.raw, first.signed?.raw]);

    sol.dead.add(first.signed?.txid ?? '');
    sol.forget(first.signed?.txid ?? '');
    sol.height++;
    await treasury.tracker.poll();
    await treasury.dispatcher.drain('SOL');

    const second = await treasury.transfers.get('SoLsWaP001:payout:1');
    expect(second).toMatchObject({ state: 'BROADCAST', generation: 1 });
    expect(second.signed?.txid).not.toBe(first.signed?.txid);
    expect(sol.signs).toHaveLength(2);
    const archived = await h().dataSource.query(
      'SELECT generation, txid, raw, proof FROM replaced_transactions WHERE transfer_id = $1',
      ['SoLsWaP001:payout:1'],
    );
    expect(archived).toEqual([
      { generation: 0, txid: first.signed?.txid, raw: first.signed?.raw, proof: 'block height past 1000' },
    ]);
    // Booked: signed, undone when it expired, signed again: the payout counts once.
    expect(await h().ledger.balances('payouts:SoLsWaP001')).toEqual(new Map([['SOL', 2_000_000_000n]]));
    expect(await h().ledger.balances('hot:SOL')).toEqual(new Map([['SOL', -2_000_000_000n - 21_000n]]));
    expect(treasury.out.progress.map((p) => [p.state, p.txid])).toEqual([
      ['broadcast', first.signed?.txid],
      ['broadcast', second.signed?.txid],
    ]);
  });

  it('a refused payout waits for the proof without holding up the others, then fails with the node reason', async () => {
    const treasury = h().start();
    const sol = treasury.chains.chain('SOL');
    await treasury.planPayout.execute(solPayout('p1'));
    await treasury.dispatcher.drain('SOL');
    // Signed and then refused: the next transaction the fake signs is sol-tx-1.
    sol.refusals.set('sol-tx-1', 'insufficient funds for fee');
    await treasury.planPayout.execute(solPayout('p2'));
    await treasury.dispatcher.drain('SOL');
    expect(await treasury.transfers.get('p2')).toMatchObject({
      state: 'SIGNED',
      refused: true,
      lastError: 'the network refused the transaction: insufficient funds for fee',
    });

    // Another payout goes out while p2 waits out its backoff.
    await treasury.planPayout.execute(solPayout('p3'));
    await treasury.dispatcher.drain('SOL');
    expect((await treasury.transfers.get('p3')).state).toBe('BROADCAST');

    sol.dead.add('sol-tx-1');
    h().clock.advance(RETRY.initialMs);
    await treasury.dispatcher.drain('SOL');
    expect(await treasury.transfers.get('p2')).toMatchObject({
      state: 'FAILED',
      failure: 'the network refused the transaction: insufficient funds for fee',
      generation: 0,
    });
    expect(sol.signs).toHaveLength(3);
    expect(treasury.out.progress.filter((p) => p.payoutId === 'p2').map((p) => p.state)).toEqual(['failed']);
  });

  it('a transaction refused for its deadline alone is signed again once proven dead', async () => {
    const treasury = h().start();
    const sol = treasury.chains.chain('SOL');
    sol.refusals.set('sol-tx-0', 'Blockhash not found');
    sol.expiredRefusals.add('sol-tx-0');
    await treasury.planPayout.execute(solPayout());
    await treasury.dispatcher.drain('SOL');
    expect(await treasury.transfers.get('SoLsWaP001:payout:1')).toMatchObject({
      state: 'SIGNED',
      refused: false,
    });

    sol.dead.add('sol-tx-0');
    h().clock.advance(RETRY.initialMs);
    await treasury.dispatcher.drain('SOL');
    expect(await treasury.transfers.get('SoLsWaP001:payout:1')).toMatchObject({
      state: 'BROADCAST',
      generation: 1,
      signed: { txid: 'sol-tx-1' },
    });
  });

  it('the database refuses to let signed bytes go unless they are archived', async () => {
    const treasury = h().start();
    await treasury.planPayout.execute(solPayout());
    await treasury.dispatcher.drain('SOL');
    await expect(
      h().dataSource.query(
        `UPDATE transfers SET state = 'PLANNED', txid = NULL, raw = NULL, fee = NULL, fee_currency = NULL,
         generation = generation + 1 WHERE id = $1`,
        ['SoLsWaP001:payout:1'],
      ),
    ).rejects.toThrow(/its signed transaction cannot change/);
  });

  it('on chains whose transactions never expire, nothing is ever signed again', async () => {
    const treasury = h().start();
    const eth = treasury.chains.chain('ETH');
    await treasury.planPayout.execute(payoutCommand());
    await treasury.dispatcher.drain('ETH');
    eth.forget('eth-tx-0');
    eth.dead.add('eth-tx-0');
    await treasury.tracker.poll();
    await treasury.dispatcher.drain('ETH');
    expect(eth.signs).toHaveLength(1);
    expect(eth.deathChecks).toEqual([]);
    expect((await treasury.transfers.get('AbCdEfGhIj:payout:1')).generation).toBe(0);
  });
});
