import { SenderNotReady } from '@swap/chain';
import { FakeChains } from '../../test/fake-chain';
import { useHarness, payoutCommand, RETRY } from '../../test/treasury-harness';

describe('payouts: PLANNED → SIGNED → BROADCAST, exactly once', () => {
  const h = useHarness();

  it('signs a repeated command once, stores the bytes, broadcasts them and reports it', async () => {
    const treasury = h().start();
    const eth = treasury.chains.chain('ETH');

    await treasury.planPayout.execute(payoutCommand());
    await treasury.planPayout.execute(payoutCommand());
    await treasury.dispatcher.drain('ETH');

    expect(eth.signs).toEqual([
      {
        order: { currency: 'ETH', to: payoutCommand().address, amount: 1_500_000_000_000_000_000n },
        from: 'eth-0',
        index: 0,
      },
    ]);
    const payout = await treasury.transfers.get('AbCdEfGhIj:payout:1');
    expect(payout).toMatchObject({ state: 'BROADCAST', signed: { txid: 'eth-tx-0', fee: 21_000n } });
    expect(eth.broadcasts).toEqual([payout.signed?.raw]);
    expect(treasury.out.progress).toEqual([
      {
        kind: 'payout',
        swapId: 'AbCdEfGhIj',
        payoutId: 'AbCdEfGhIj:payout:1',
        state: 'broadcast',
        txid: 'eth-tx-0',
        fee: '21000',
        feeCurrency: 'ETH',
        txKey: null,
        confirmations: 0,
        reason: null,
        observedAt: h().clock.ms,
      },
    ]);
  });

  it('after a crash between SIGNED and BROADCAST, re-broadcasts the identical bytes and never signs again', async () => {
    const crashed = h().start();
    crashed.chains.chain('ETH').broadcastMode = 'hang'; // the process dies while the node is being asked
    await crashed.planPayout.execute(payoutCommand());
    void crashed.dispatcher.drain('ETH');
    await waitUntil(async () => (await crashed.transfers.get('AbCdEfGhIj:payout:1')).state === 'SIGNED');
    const stored = (await crashed.transfers.get('AbCdEfGhIj:payout:1')).signed;

    const restarted = h().start({ chains: new FakeChains() });
    await restarted.planPayout.execute(payoutCommand()); // the command is redelivered too
    await restarted.dispatcher.drain('ETH');

    const eth = restarted.chains.chain('ETH');
    expect(eth.signs).toEqual([]);
    expect(eth.broadcasts).toEqual([stored?.raw]);
    expect(crashed.chains.chain('ETH').signs).toHaveLength(1);
    expect(await restarted.transfers.get('AbCdEfGhIj:payout:1')).toMatchObject({
      state: 'BROADCAST',
      signed: stored,
    });
    expect(restarted.out.progress.map((p) => [p.state, p.txid])).toEqual([['broadcast', stored?.txid]]);
  });

  it('fails a payout the node refuses for good, undoes its ledger entries and says why', async () => {
    const treasury = h().start();
    treasury.chains.chain('ETH').broadcastMode = { refuse: 'insufficient funds' };

    await treasury.planPayout.execute(payoutCommand());
    await treasury.dispatcher.drain('ETH');

    expect(await treasury.transfers.get('AbCdEfGhIj:payout:1')).toMatchObject({
      state: 'FAILED',
      failure: 'the network refused the transaction: insufficient funds',
    });
    expect(treasury.out.progress.map((p) => [p.state, p.reason])).toEqual([
      ['failed', 'the network refused the transaction: insufficient funds'],
    ]);
    const entries = await h().ledger.entriesOfSwap('AbCdEfGhIj');
    expect(entries.map((e) => e.batch)).toEqual([
      ...Array(4).fill('transfer:AbCdEfGhIj:payout:1'),
      ...Array(4).fill('transfer:AbCdEfGhIj:payout:1:undone'),
    ]);
    expect(await h().ledger.balances('hot:ETH')).toEqual(new Map([['ETH', 0n]]));
    expect(await treasury.transferReports.reservations()).toEqual(new Map());
  });

  it('retries an unreachable node with backoff, keeping later payouts of the network behind it', async () => {
    const treasury = h().start();
    const eth = treasury.chains.chain('ETH');
    eth.broadcastMode = 'unreachable';
    await treasury.planPayout.execute(payoutCommand({ payoutId: 'p1' }));
    await treasury.dispatcher.drain('ETH');
    await treasury.planPayout.execute(payoutCommand({ payoutId: 'p2' }));
    await treasury.dispatcher.drain('ETH');

    expect(eth.broadcasts).toHaveLength(1);
    expect(eth.signs).toHaveLength(1); // p2 is not signed while p1 holds the next nonce
    expect(await treasury.transfers.get('p1')).toMatchObject({ state: 'SIGNED', attempts: 1 });

    eth.broadcastMode = 'accept';
    h().clock.advance(RETRY.initialMs - 1);
    await treasury.dispatcher.drain('ETH');
    expect(eth.broadcasts).toHaveLength(1); // still backing off

    h().clock.advance(1);
    await treasury.dispatcher.drain('ETH');
    const [p1, p2] = [await treasury.transfers.get('p1'), await treasury.transfers.get('p2')];
    expect([p1.state, p2.state]).toEqual(['BROADCAST', 'BROADCAST']);
    expect(eth.broadcasts).toEqual([p1.signed?.raw, p1.signed?.raw, p2.signed?.raw]);
  });

  it('serializes one network: concurrent passes never sign or broadcast at the same time', async () => {
    const treasury = h().start();
    for (let i = 0; i < 5; i++) await treasury.transfers.plan(aPlanned(`p${i}`));

    await Promise.all([1, 2, 3].map(() => treasury.dispatcher.drain('ETH')));

    const eth = treasury.chains.chain('ETH');
    expect(eth.maxConcurrent).toBe(1);
    expect(eth.signs.map((s) => s.order.amount)).toEqual([0n, 1n, 2n, 3n, 4n].map((n) => n + 1n));
  });

  it('signs due transfers as one batch and stores them all before the first broadcast; after a crash the same bytes go out in order', async () => {
    const crashed = h().start();
    for (let i = 0; i < 5; i++) await crashed.transfers.plan(aPlanned(`p${i}`));
    const eth = crashed.chains.chain('ETH');
    eth.broadcastMode = 'hang'; // the process dies while the node is asked about the first
    void crashed.dispatcher.drain('ETH');
    await waitUntil(async () => eth.broadcasts.length === 1);

    const stored = await Promise.all([0, 1, 2, 3, 4].map((i) => crashed.transfers.get(`p${i}`)));
    expect(eth.signBatches).toEqual([5]);
    expect(stored.map((t) => t.state)).toEqual(Array(5).fill('SIGNED'));
    expect(eth.broadcasts).toEqual([stored[0].signed?.raw]);

    const restarted = h().start({ chains: new FakeChains() });
    await restarted.dispatcher.drain('ETH');
    const node = restarted.chains.chain('ETH');
    expect(node.signs).toEqual([]);
    expect(node.broadcasts).toEqual(stored.map((t) => t.signed?.raw));
    expect(restarted.out.progress.map((p) => p.payoutId)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
  });

  it('signs at most the batch size at once, oldest first', async () => {
    const treasury = h().start({ sendBatch: 2 });
    for (let i = 0; i < 5; i++) await treasury.transfers.plan(aPlanned(`p${i}`));

    await treasury.dispatcher.drain('ETH');

    const eth = treasury.chains.chain('ETH');
    expect(eth.signBatches).toEqual([2, 2]); // and the last one alone
    expect(eth.signs.map((s) => s.order.amount)).toEqual([1n, 2n, 3n, 4n, 5n]);
    expect(eth.broadcasts).toHaveLength(5);
    expect(eth.maxConcurrent).toBe(1);
  });

  it("signs the hot wallet's payouts before sweeps planned earlier; each address keeps its order", async () => {
    const treasury = h().start({ sendBatch: 2 });
    const sweep = (n: number) => ({
      ...aPlanned(`s${n}`),
      kind: 'sweep' as const,
      fromIndex: 7,
      to: 'eth-0',
    });
    await treasury.transfers.plan(sweep(1));
    await treasury.transfers.plan(sweep(2));
    await treasury.transfers.plan(aPlanned('p3'));
    await treasury.transfers.plan(aPlanned('p4'));

    await treasury.dispatcher.drain('ETH');

    const eth = treasury.chains.chain('ETH');
    expect(eth.signs.map((s) => [s.index, s.order.amount])).toEqual([
      [0, 4n],
      [0, 5n],
      [7, 2n],
      [7, 3n],
    ]);
    expect(eth.broadcasts).toHaveLength(4);
  });

  it('on an account chain, holds up the transfers behind a refused nonce until it goes out', async () => {
    const treasury = h().start();
    for (let i = 0; i < 3; i++) await treasury.transfers.plan(aPlanned(`p${i}`));
    const eth = treasury.chains.chain('ETH');
    eth.refusals.set('eth-tx-1', 'insufficient funds for gas * price + value');

    await treasury.dispatcher.drain('ETH');

    const states = () =>
      Promise.all(['p0', 'p1', 'p2'].map(async (id) => (await treasury.transfers.get(id)).state));
    // Failing p1 would leave its nonce unused, and p2 waiting in the node's queue for ever.
    expect(await states()).toEqual(['BROADCAST', 'SIGNED', 'SIGNED']);
    expect(eth.broadcasts).toHaveLength(2);
    expect(treasury.out.progress.map((p) => [p.payoutId, p.state])).toEqual([['p0', 'broadcast']]);

    // The hot wallet is funded; after the backoff the same bytes go out, then the rest.
    eth.refusals.delete('eth-tx-1');
    await treasury.dispatcher.drain('ETH');
    expect(await states()).toEqual(['BROADCAST', 'SIGNED', 'SIGNED']);
    h().clock.advance(RETRY.maxMs);
    await treasury.dispatcher.drain('ETH');

    expect(await states()).toEqual(['BROADCAST', 'BROADCAST', 'BROADCAST']);
    expect(eth.signs).toHaveLength(3);
  });

  it('fails a transfer whose nonce another transaction took; the others go out', async () => {
    const treasury = h().start();
    for (let i = 0; i < 3; i++) await treasury.transfers.plan(aPlanned(`p${i}`));
    const eth = treasury.chains.chain('ETH');
    eth.refusals.set('eth-tx-1', 'nonce too low');
    eth.takenNonces.add('eth-tx-1');

    await treasury.dispatcher.drain('ETH');

    const states = await Promise.all(
      ['p0', 'p1', 'p2'].map(async (id) => (await treasury.transfers.get(id)).state),
    );
    expect(states).toEqual(['BROADCAST', 'FAILED', 'BROADCAST']);
    expect(treasury.out.progress.map((p) => [p.payoutId, p.state]).sort()).toEqual([
      ['p0', 'broadcast'],
      ['p1', 'failed'],
      ['p2', 'broadcast'],
    ]);
  });

  it('sends a payout planned during a pass in the pass its command queued, each pass reading once', async () => {
    const treasury = h().start();
    const eth = treasury.chains.chain('ETH');
    const reads = jest.spyOn(treasury.transfers, 'nextToSend');
    let open = () => undefined as void;
    eth.broadcastGate = new Promise<void>((resolve) => (open = resolve));

    await treasury.planPayout.execute(payoutCommand({ payoutId: 'p0' }));
    await waitUntil(async () => eth.broadcasts.length === 1); // p0 is being sent
    await treasury.planPayout.execute(payoutCommand({ payoutId: 'p1' }));
    eth.broadcastGate = null;
    open();
    await treasury.dispatcher.settled();

    expect((await treasury.transfers.get('p0')).state).toBe('BROADCAST');
    expect((await treasury.transfers.get('p1')).state).toBe('BROADCAST');
    // Each pass sent everything it found due, so it did not look again.
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('signs and sends the next payout while the engine is still being told of the previous one', async () => {
    const treasury = h().start();
    let openGate = () => undefined as void;
    treasury.out.progressGate = new Promise<void>((resolve) => (openGate = resolve));

    await treasury.planPayout.execute(payoutCommand({ payoutId: 'p0' }));
    await waitUntil(async () => (await treasury.transfers.get('p0')).state === 'BROADCAST', 2000);
    await treasury.planPayout.execute(payoutCommand({ payoutId: 'p1' }));
    // p0's report is held up: p1 goes out all the same.
    await waitUntil(async () => (await treasury.transfers.get('p1')).state === 'BROADCAST', 2000);
    expect(treasury.out.progress).toEqual([]);

    openGate();
    await treasury.dispatcher.settled();
    expect(treasury.out.progress.map((p) => [p.payoutId, p.state])).toEqual([
      ['p0', 'broadcast'],
      ['p1', 'broadcast'],
    ]);
  });

  it('fails a payout that cannot be signed after the allowed attempts, and reports it', async () => {
    const treasury = h().start();
    treasury.chains.chain('ETH').signError = new Error('nonce lookup failed');
    await treasury.planPayout.execute(payoutCommand());

    for (let i = 0; i < RETRY.maxSignAttempts; i++) {
      await treasury.dispatcher.drain('ETH');
      h().clock.advance(RETRY.maxMs);
    }

    expect(await treasury.transfers.get('AbCdEfGhIj:payout:1')).toMatchObject({
      state: 'FAILED',
      attempts: RETRY.maxSignAttempts - 1,
      failure: 'the transaction could not be signed',
    });
    expect(treasury.out.progress.map((p) => [p.state, p.txid])).toEqual([['failed', null]]);
  });

  it('waits without counting attempts while the chain says "not yet", then signs', async () => {
    const treasury = h().start();
    const eth = treasury.chains.chain('ETH');
    eth.signError = new SenderNotReady('waiting for outputs to unlock');
    await treasury.planPayout.execute(payoutCommand());

    for (let i = 0; i < RETRY.maxSignAttempts + 2; i++) {
      await treasury.dispatcher.drain('ETH');
      expect(await treasury.transfers.get('AbCdEfGhIj:payout:1')).toMatchObject({
        state: 'PLANNED',
        attempts: 0,
      });
      h().clock.advance(RETRY.notReadyMs);
    }
    eth.signError = null;
    await treasury.dispatcher.drain('ETH');

    expect(await treasury.transfers.get('AbCdEfGhIj:payout:1')).toMatchObject({ state: 'BROADCAST' });
    expect(eth.signs).toHaveLength(1);
  });
});

const aPlanned = (id: string) => ({
  id,
  kind: 'payout' as const,
  swapId: 'AbCdEfGhIj',
  network: 'ETH' as const,
  currency: 'ETH' as const,
  fromIndex: 0,
  to: 'user',
  amount: BigInt(id.slice(1)) + 1n,
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
