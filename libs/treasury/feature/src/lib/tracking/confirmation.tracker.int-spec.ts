import { useHarness, payoutCommand, type TreasuryProcess } from '../../test/treasury-harness';
import { MEMPOOL_RECHECK_MS } from './confirmation.tracker';

describe('ConfirmationTracker', () => {
  const h = useHarness();
  let treasury: TreasuryProcess;
  const payoutId = 'AbCdEfGhIj:payout:1';

  beforeEach(() => {
    treasury = h().start();
  });

  /** A 1.5 ETH payout, broadcast (ETH needs 12 confirmations). */
  async function broadcastPayout(): Promise<string> {
    await treasury.planPayout.execute(payoutCommand());
    await treasury.dispatcher.drain('ETH');
    return (await treasury.transfers.get(payoutId)).signed?.txid ?? '';
  }

  const reported = () => treasury.out.progress.map((p) => `${p.state}:${p.confirmations}`);

  it('reports each new confirmation count up to the currency threshold, then stops following', async () => {
    const eth = treasury.chains.chain('ETH');
    const txid = await broadcastPayout();

    await treasury.tracker.poll(); // still in the mempool
    eth.confirm(txid, 1);
    await treasury.tracker.poll();
    await treasury.tracker.poll(); // nothing new
    eth.confirm(txid, 5);
    await treasury.tracker.poll();
    eth.confirm(txid, 40);
    await treasury.tracker.poll();
    await treasury.tracker.poll();

    expect(reported()).toEqual(['broadcast:0', 'confirmed:1', 'confirmed:5', 'confirmed:12']);
    expect(await treasury.transfers.get(payoutId)).toMatchObject({ state: 'CONFIRMED', confirmations: 12 });
    expect(await treasury.transferReports.reservations()).toEqual(new Map());
  });

  it('fails a payout that failed on-chain: its value is back in the books, the fee stays spent', async () => {
    const txid = await broadcastPayout();
    // One block deep, a reorganisation could still mine it again, successfully: not final yet.
    treasury.chains.chain('ETH').failOnChain(txid, 'out of gas');
    await treasury.tracker.poll();
    expect(await treasury.transfers.get(payoutId)).toMatchObject({ state: 'BROADCAST' });
    expect(reported()).toEqual(['broadcast:0']);

    treasury.chains.chain('ETH').failOnChain(txid, 'out of gas', undefined, 12);
    await treasury.tracker.poll();

    expect(await treasury.transfers.get(payoutId)).toMatchObject({
      state: 'FAILED',
      failure: 'the transaction failed on-chain: out of gas',
    });
    expect(treasury.out.progress.at(-1)).toMatchObject({
      state: 'failed',
      txid,
      reason: 'the transaction failed on-chain: out of gas',
    });
    expect(await h().ledger.balances('payouts:AbCdEfGhIj')).toEqual(new Map([['ETH', 0n]]));
    expect(await h().ledger.balances('hot:ETH')).toEqual(new Map([['ETH', -21_000n]]));
    expect(await h().ledger.balances('fees:network')).toEqual(new Map([['ETH', 21_000n]]));
  });

  it('settles the fee the chain charged once the payout is confirmed, and only then', async () => {
    const eth = treasury.chains.chain('ETH');
    const txid = await broadcastPayout();

    eth.confirm(txid, 3, 15_000n);
    await treasury.tracker.poll();
    expect(await treasury.transfers.get(payoutId)).toMatchObject({ confirmations: 3, feePaid: null });
    expect(await h().ledger.balances('fees:network')).toEqual(new Map([['ETH', 21_000n]]));

    // A reorg mined it again in a block with another base fee: that price is the one paid.
    eth.confirm(txid, 12, 12_600n);
    await treasury.tracker.poll();
    await treasury.tracker.poll();

    expect(await treasury.transfers.get(payoutId)).toMatchObject({ state: 'CONFIRMED', feePaid: 12_600n });
    expect(treasury.out.progress.at(-1)).toMatchObject({
      state: 'confirmed',
      confirmations: 12,
      fee: '12600',
    });
    expect(await h().ledger.balances('fees:network')).toEqual(new Map([['ETH', 12_600n]]));
    expect(await h().ledger.balances('hot:ETH')).toEqual(
      new Map([['ETH', -1_500_000_000_000_000_000n - 12_600n]]),
    );
  });

  it('settles the fee of a payout that failed on-chain too', async () => {
    const txid = await broadcastPayout();
    treasury.chains.chain('ETH').failOnChain(txid, 'reverted', 20_000n, 12);

    await treasury.tracker.poll();

    expect(await treasury.transfers.get(payoutId)).toMatchObject({ state: 'FAILED', feePaid: 20_000n });
    expect(await h().ledger.balances('hot:ETH')).toEqual(new Map([['ETH', -20_000n]]));
    expect(await h().ledger.balances('fees:network')).toEqual(new Map([['ETH', 20_000n]]));
  });

  it('sends the same bytes again when the node has forgotten the transaction', async () => {
    const eth = treasury.chains.chain('ETH');
    const txid = await broadcastPayout();
    eth.forget(txid);

    await treasury.tracker.poll();

    expect(eth.signs).toHaveLength(1);
    expect(eth.broadcasts).toEqual([eth.broadcasts[0], eth.broadcasts[0]]);
  });

  it('asks the node about a transfer again only once its chain has a new block', async () => {
    const eth = treasury.chains.chain('ETH');
    const txid = await broadcastPayout();

    await treasury.tracker.poll();
    await treasury.tracker.poll();
    await treasury.tracker.poll();
    expect(eth.lookups).toEqual([txid]);

    eth.confirm(txid, 1); // a block
    await treasury.tracker.poll();
    await treasury.tracker.poll();
    expect(eth.lookups).toEqual([txid, txid]);
    expect(reported()).toEqual(['broadcast:0', 'confirmed:1']);
  });

  it('notices within the recheck interval a transaction the node dropped without a block, and sends it again', async () => {
    const eth = treasury.chains.chain('ETH');
    const txid = await broadcastPayout();
    await treasury.tracker.poll(); // in the mempool
    eth.forget(txid); // evicted: no block says so

    await treasury.tracker.poll();
    expect(eth.broadcasts).toHaveLength(1);

    h().clock.advance(MEMPOOL_RECHECK_MS);
    await treasury.tracker.poll();
    expect(eth.broadcasts).toEqual([eth.broadcasts[0], eth.broadcasts[0]]);
    // Until the node shows it again, each poll asks (and sends the same bytes) again.
    await treasury.tracker.poll();
    expect(eth.lookups.filter((id) => id === txid)).toHaveLength(3);
  });

  it('looks every transfer up when the chain tip cannot be read, less often while the node fails', async () => {
    const eth = treasury.chains.chain('ETH');
    const txid = await broadcastPayout();
    eth.tip = () => Promise.reject(new Error('connect ECONNREFUSED'));

    await treasury.tracker.poll();
    await treasury.tracker.poll(); // within the node's backoff: not asked
    expect(eth.lookups).toEqual([txid]);
    h().clock.advance(1_000);
    await treasury.tracker.poll();
    expect(eth.lookups).toEqual([txid, txid]);
    await treasury.tracker.poll();
    h().clock.advance(1_000); // the pause doubled: 2 s now
    await treasury.tracker.poll();
    expect(eth.lookups).toEqual([txid, txid]);
    h().clock.advance(1_000);
    await treasury.tracker.poll();
    expect(eth.lookups).toEqual([txid, txid, txid]);
  });

  it('reports later what it could not report while the bus was down', async () => {
    treasury.out.busDown = true;
    const txid = await broadcastPayout();
    treasury.chains.chain('ETH').confirm(txid, 2);
    await treasury.tracker.poll();
    expect(reported()).toEqual([]);

    treasury.out.busDown = false;
    await treasury.tracker.poll();

    expect(reported()).toEqual(['confirmed:2']);
  });

  it('keeps following the other networks when one node cannot be reached', async () => {
    await treasury.planPayout.execute(
      payoutCommand({ payoutId: 'btc', network: 'BTC', currency: 'BTC', amount: '5000' }),
    );
    await treasury.dispatcher.drain('BTC');
    const txid = await broadcastPayout();
    const btc = treasury.chains.chain('BTC');
    btc.transaction = () => Promise.reject(new Error('connect ECONNREFUSED'));
    treasury.chains.chain('ETH').confirm(txid, 3);

    await treasury.tracker.poll();

    expect(await treasury.transfers.get(payoutId)).toMatchObject({ confirmations: 3 });
  });
});
