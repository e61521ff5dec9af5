import { quietLogger } from '@swap/domain/testing';
import { DataSource } from 'typeorm';
import type { BroadcastResult, ChainReader, ChainSender, SignedTransaction, TxStatus } from '@swap/chain';
import type { RefundProgress } from '@swap/contracts';
import { createDataSource } from '@swap/persistence';
import { REFUNDS_MIGRATIONS, REFUNDS_SCHEMA, Refund, RefundRepository } from '@swap/refunds-data';
import type { Network } from '@swap/domain';
import { createTestDatabase, type TestDatabase } from '@swap/testing';
import { AcceptRefund } from './accept-refund';
import { ProgressPublisher } from './refund-reporter';
import { RefundWorker } from './refund-worker';
import { RefundSigner, SignOutcome } from './treasury-signer';

/** The treasury as the worker sees it: counts what it signs; idempotent by refund id like the real one. */
class CountingSigner implements RefundSigner {
  calls = 0;
  answer: (refund: Refund) => SignOutcome = (refund) => ({
    ok: true,
    tx: { txid: `tx-${refund.refundId}`, raw: `raw-${refund.refundId}`, fee: 1_000n, feeCurrency: 'BTC' },
  });
  async sign(refund: Refund): Promise<SignOutcome> {
    this.calls++;
    return this.answer(refund);
  }
}

/**
 * A node: remembers the bytes it was given; the test sets what the chain says about them. On SOL
 * (and TRX) transactions have a deadline: `dead` holds those the node proves can never land.
 */
class TestNode implements ChainSender, ChainReader {
  broadcasts: string[] = [];
  unreachable = false;
  refuse: string | null = null;
  /** The refusal says the transaction's deadline has passed. */
  refuseExpired = false;
  status: TxStatus = { state: 'mempool' };
  readonly dead = new Set<string>();
  readonly neverLands?: (tx: SignedTransaction) => Promise<string | null>;

  constructor(readonly network: Network = 'BTC') {
    if (network === 'SOL' || network === 'TRX')
      this.neverLands = async (tx) => (this.dead.has(tx.txid) ? `past ${tx.validUntil}` : null);
  }
  async sign(): Promise<SignedTransaction> {
    throw new Error('the refunds service never signs');
  }
  async signBatch(): Promise<SignedTransaction[]> {
    throw new Error('the refunds service never signs');
  }
  async broadcast(tx: SignedTransaction): Promise<BroadcastResult> {
    if (this.unreachable) throw new Error('node unreachable');
    this.broadcasts.push(tx.raw);
    if (this.refuse === null) return { accepted: true };
    return this.refuseExpired
      ? { accepted: false, reason: this.refuse, expired: true }
      : { accepted: false, reason: this.refuse };
  }
  async broadcastBatch(txs: readonly SignedTransaction[]): Promise<BroadcastResult[]> {
    return Promise.all(txs.map((tx) => this.broadcast(tx)));
  }
  async estimateFee(): Promise<bigint> {
    return 1_000n;
  }
  async transaction(): Promise<TxStatus> {
    return this.status;
  }
  async identity() {
    return 'test chain';
  }
  async tip() {
    return { height: 1, hash: 'h' };
  }
  async blockAt() {
    return null;
  }
  async mempool() {
    return [];
  }
  async balance() {
    return 0n;
  }
}

class Inbox implements ProgressPublisher {
  messages: RefundProgress[] = [];
  down = false;
  async publish(progress: RefundProgress): Promise<void> {
    if (this.down) throw new Error('bus unavailable');
    this.messages.push(progress);
  }
}

const silent = quietLogger({ info: () => undefined, warn: () => undefined, error: () => undefined });
const mined = (confirmations: number): TxStatus => ({
  state: 'confirmed',
  height: 10,
  blockHash: 'b',
  confirmations,
  time: 0,
});

describe('RefundWorker', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let refunds: RefundRepository;
  let signer: CountingSigner;
  let node: TestNode;
  let inbox: Inbox;
  const worker = () => new RefundWorker('BTC', refunds, signer, node, node, inbox, silent);
  const command = (refundId = 'S1-refund-4') => ({
    refundId,
    swapId: 'S1',
    network: 'BTC' as const,
    currency: 'BTC' as const,
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    amount: '99000',
    deposited: '100000',
    requestedAt: 0,
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = await createDataSource({
      url: db.url,
      schema: REFUNDS_SCHEMA,
      migrations: REFUNDS_MIGRATIONS,
    });
    refunds = new RefundRepository(dataSource);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });
  beforeEach(async () => {
    await dataSource.query('TRUNCATE refunds, replaced_refund_transactions');
    signer = new CountingSigner();
    node = new TestNode();
    inbox = new Inbox();
  });

  it('signs once, stores the bytes, sends them, and reports each state once', async () => {
    const accept = new AcceptRefund(refunds);
    await accept.execute(command());
    await accept.execute(command()); // a redelivered command is the same refund

    await worker().runOnce();
    await worker().runOnce();

    expect(signer.calls).toBe(1);
    expect(node.broadcasts).toEqual(['raw-S1-refund-4']);
    expect(await refunds.find('S1-refund-4')).toMatchObject({
      state: 'SENT',
      txid: 'tx-S1-refund-4',
      amount: 99_000n,
    });
    expect(inbox.messages).toMatchObject([
      {
        kind: 'refund',
        swapId: 'S1',
        refundId: 'S1-refund-4',
        state: 'sent',
        txid: 'tx-S1-refund-4',
        fee: '1000',
      },
    ]);
  });

  it('counts the refunds not yet confirmed per network, for the metrics, until the chain confirms them', async () => {
    const before = Date.now();
    const accept = new AcceptRefund(refunds);
    await accept.execute(command('S1-refund-1'));
    await accept.execute(command('S2-refund-1'));
    await worker().runOnce();
    const [btc] = await refunds.unsettled();
    expect(btc).toMatchObject({ network: 'BTC', count: 2 });
    expect(btc.oldestAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);

    node.status = mined(6);
    await worker().runOnce();
    expect(await refunds.unsettled()).toEqual([]);
  });

  it('after a crash between signing and sending, sends the stored bytes and never signs again', async () => {
    await new AcceptRefund(refunds).execute(command());
    node.unreachable = true;
    await expect(worker().runOnce()).rejects.toThrow('node unreachable');
    expect(await refunds.find('S1-refund-4')).toMatchObject({ state: 'SIGNED', raw: 'raw-S1-refund-4' });

    node.unreachable = false;
    signer.answer = () => ({
      ok: true,
      tx: { txid: 'other', raw: 'other-bytes', fee: 5n, feeCurrency: 'BTC' },
    });
    await worker().runOnce(); // a new process over the same database

    expect(signer.calls).toBe(1);
    expect(node.broadcasts).toEqual(['raw-S1-refund-4']);
    expect(await refunds.find('S1-refund-4')).toMatchObject({ state: 'SENT', txid: 'tx-S1-refund-4' });
  });

  it('counts confirmations up to the threshold and reports each count', async () => {
    await new AcceptRefund(refunds).execute(command());
    await worker().runOnce();
    node.status = mined(1);
    await worker().runOnce();
    node.status = mined(6);
    await worker().runOnce();
    await worker().runOnce();

    expect(await refunds.find('S1-refund-4')).toMatchObject({ state: 'CONFIRMED', confirmations: 1 });
    expect(inbox.messages.map((m) => `${m.state}:${m.confirmations}`)).toEqual(['sent:0', 'confirmed:1']);
  });

  it('a refused broadcast or an on-chain failure makes it FAILED, reported with the reason', async () => {
    await new AcceptRefund(refunds).execute(command('S1-refund-4'));
    node.refuse = 'insufficient funds';
    await worker().runOnce();
    expect(inbox.messages).toMatchObject([
      { state: 'failed', reason: expect.stringContaining('insufficient funds') },
    ]);

    node.refuse = null;
    await new AcceptRefund(refunds).execute({ ...command('S2-refund-3'), swapId: 'S2' });
    await worker().runOnce();
    node.status = {
      state: 'failed',
      height: 10,
      blockHash: 'b',
      confirmations: 1,
      time: 0,
      reason: 'reverted',
    };
    await worker().runOnce();
    expect(await refunds.find('S2-refund-3')).toMatchObject({
      state: 'FAILED',
      reason: expect.stringContaining('reverted'),
    });
  });

  it('a sent refund the node dropped and refuses again stays SENT: only the chain fails it', async () => {
    await new AcceptRefund(refunds).execute(command());
    await worker().runOnce();
    node.status = { state: 'unknown' };
    node.refuse = 'mempool min fee not met';
    await worker().runOnce();
    await worker().runOnce();

    expect(await refunds.find('S1-refund-4')).toMatchObject({ state: 'SENT' });
    expect(inbox.messages.map((m) => m.state)).toEqual(['sent']);
    expect(node.broadcasts).toHaveLength(3);

    // Failed on-chain, but not as deep as the coin's threshold yet: a reorganisation may undo it.
    node.refuse = null;
    node.status = {
      state: 'failed',
      height: 10,
      blockHash: 'b',
      confirmations: 0,
      time: 0,
      reason: 'reverted',
    };
    await worker().runOnce();
    expect(await refunds.find('S1-refund-4')).toMatchObject({ state: 'SENT' });

    node.status = mined(1);
    await worker().runOnce();
    expect(await refunds.find('S1-refund-4')).toMatchObject({ state: 'CONFIRMED' });
  });

  it('a treasury refusal is retried unless it can never succeed', async () => {
    await new AcceptRefund(refunds).execute(command());
    signer.answer = () => ({ ok: false, permanent: false, reason: 'hot wallet short of funds' });
    await worker().runOnce();
    expect(await refunds.find('S1-refund-4')).toMatchObject({ state: 'REQUESTED' });

    signer.answer = () => ({ ok: false, permanent: true, reason: 'address invalid for BTC' });
    await worker().runOnce();
    expect(await refunds.find('S1-refund-4')).toMatchObject({
      state: 'FAILED',
      reason: 'address invalid for BTC',
    });
    expect(inbox.messages).toMatchObject([{ state: 'failed', reason: 'address invalid for BTC' }]);
  });

  describe('on SOL, where a transaction expires', () => {
    const solWorker = () => new RefundWorker('SOL', refunds, signer, node, node, inbox, silent);
    const solCommand = () => ({
      ...command('S3-refund-2'),
      swapId: 'S3',
      network: 'SOL' as const,
      currency: 'SOL' as const,
      address: 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW',
    });
    const signed = (txid: string) => (): SignOutcome => ({
      ok: true,
      tx: { txid, raw: `raw-${txid}`, fee: 5_000n, feeCurrency: 'SOL', validUntil: 900 },
    });

    beforeEach(() => {
      node = new TestNode('SOL');
      signer.answer = signed('sol-1');
    });

    it('a lost refund is sent again until proven dead, then replaced by the bytes the treasury signed again', async () => {
      await new AcceptRefund(refunds).execute(solCommand());
      await solWorker().runOnce();
      node.status = { state: 'unknown' };
      await solWorker().runOnce();
      expect(node.broadcasts).toEqual(['raw-sol-1', 'raw-sol-1']);

      // Proven dead, but the treasury has not signed it again yet: it answers the old bytes.
      node.dead.add('sol-1');
      await solWorker().runOnce();
      expect(await refunds.find('S3-refund-2')).toMatchObject({ txid: 'sol-1', generation: 0 });

      signer.answer = signed('sol-2');
      await solWorker().runOnce();
      expect(await refunds.find('S3-refund-2')).toMatchObject({
        state: 'SENT',
        txid: 'sol-2',
        validUntil: 900,
        generation: 1,
      });
      expect(node.broadcasts.at(-1)).toBe('raw-sol-2');
      const archived = await dataSource.query('SELECT txid, raw FROM replaced_refund_transactions');
      expect(archived).toEqual([{ txid: 'sol-1', raw: 'raw-sol-1' }]);
      expect(inbox.messages.map((m) => [m.state, m.txid])).toEqual([
        ['sent', 'sol-1'],
        ['sent', 'sol-2'],
      ]);
    });

    it("a refusal is sent again until the proof, then the refund fails with the node's reason", async () => {
      await new AcceptRefund(refunds).execute(solCommand());
      node.refuse = 'insufficient funds';
      await solWorker().runOnce();
      await solWorker().runOnce();
      expect(await refunds.find('S3-refund-2')).toMatchObject({ state: 'SIGNED', refused: true });
      expect(node.broadcasts).toEqual(['raw-sol-1', 'raw-sol-1']);

      node.dead.add('sol-1');
      await solWorker().runOnce();
      expect(await refunds.find('S3-refund-2')).toMatchObject({
        state: 'FAILED',
        reason: 'the network refused the refund: insufficient funds',
      });
    });

    it('proven dead while the treasury gave its transfer up: the refund fails with the reason, never loops', async () => {
      await new AcceptRefund(refunds).execute(solCommand());
      node.refuse = 'Blockhash not found';
      node.refuseExpired = true;
      await solWorker().runOnce();
      expect(await refunds.find('S3-refund-2')).toMatchObject({ state: 'SIGNED', refused: false });

      // The treasury's own copy failed (refused for a reason of its own, then proven dead): it
      // answers why, where it used to answer the dead bytes, which were refused for their deadline.
      node.dead.add('sol-1');
      const reason =
        'The transfer failed for good: the network refused the transaction: insufficient funds for fee';
      signer.answer = () => ({ ok: false, permanent: true, reason });
      await solWorker().runOnce();
      expect(await refunds.find('S3-refund-2')).toMatchObject({ state: 'FAILED', reason });
      expect(inbox.messages).toMatchObject([{ state: 'failed', reason }]);
    });

    it('a refund that makes no progress is looked at again after a growing wait, its trouble logged once', async () => {
      const clock = { ms: 1_000_000 };
      const warnings: string[] = [];
      const logger = { ...silent, warn: (_: object, message: string) => warnings.push(message) };
      const policy = { initialMs: 1_000, maxMs: 4_000 };
      const worker = new RefundWorker(
        'SOL',
        refunds,
        signer,
        node,
        node,
        inbox,
        logger,
        () => clock.ms,
        policy,
      );
      await new AcceptRefund(refunds).execute(solCommand());
      node.refuse = 'Blockhash not found';
      node.refuseExpired = true;

      for (let pass = 0; pass < 5; pass++) await worker.runOnce();
      expect(node.broadcasts).toEqual(['raw-sol-1']);
      for (const wait of [1_000, 2_000, 4_000, 4_000]) {
        clock.ms += wait - 1;
        await worker.runOnce();
        clock.ms += 1;
        await worker.runOnce();
      }
      expect(node.broadcasts).toHaveLength(5);
      expect(warnings).toEqual(['refund refused; sent again']);

      // Proven dead, the treasury not signing it again yet: a new trouble, logged once.
      node.dead.add('sol-1');
      clock.ms += 4_000;
      await worker.runOnce();
      clock.ms += 4_000;
      await worker.runOnce();
      expect(warnings).toEqual([
        'refund refused; sent again',
        'refund proven dead; waiting for the treasury to sign it again',
      ]);

      // Signed again: progress, and the new bytes' trouble is news of its own.
      signer.answer = signed('sol-2');
      clock.ms += 4_000;
      await worker.runOnce();
      expect(await refunds.find('S3-refund-2')).toMatchObject({
        state: 'SIGNED',
        txid: 'sol-2',
        generation: 1,
      });
      expect(node.broadcasts.slice(-2)).toEqual(['raw-sol-1', 'raw-sol-2']);
      expect(warnings.slice(2)).toEqual([
        'refund transaction expired without landing; sending the one signed again',
        'refund refused; sent again',
      ]);
    });
  });

  it("keeps reporting until the engine's inbox takes the report", async () => {
    await new AcceptRefund(refunds).execute(command());
    inbox.down = true;
    await expect(worker().runOnce()).rejects.toThrow('bus unavailable');
    inbox.down = false;
    await worker().runOnce();
    expect(inbox.messages).toMatchObject([{ state: 'sent' }]);
    expect(node.broadcasts).toHaveLength(1);
  });
});
