import { quietLogger } from '@swap/domain/testing';
import type { DataSource } from 'typeorm';
import type { Bus } from '@swap/bus';
import { addressSigner, chainRelay, chainSender, type SignedTransaction, nodeSettings } from '@swap/chain';
import { accountPublicKey, mnemonicToSeed } from '@swap/chain-keys';
import { startTronLab, type TronLab } from '@swap/chain-nodes';
import type { RefundProgress } from '@swap/contracts';
import { createDataSource } from '@swap/persistence';
import { REFUNDS_MIGRATIONS, REFUNDS_SCHEMA, RefundRepository, type Refund } from '@swap/refunds-data';
import { createTestDatabase, type TestDatabase } from '@swap/testing';
import { AcceptRefund } from './accept-refund';
import { RefundWorker } from './refund-worker';
import type { RefundSigner, SignOutcome } from './treasury-signer';

const SEED = mnemonicToSeed(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const TRX = 1_000_000n;
const USDT = 1_000_000n;
const SOLID_DEPTH = 3;
const silent = quietLogger({ info: () => undefined, warn: () => undefined, error: () => undefined });
/** The refunds service's relay makes no bus call where a real node is configured. */
const NO_BUS = {} as Bus;

/**
 * The treasury as the crash test meets it: it signs the refund, sends the bytes itself (they land),
 * and its answer reaches the refunds service only later (killed before replying, asked again), by
 * when the transaction's deadline has passed.
 */
class LateTreasury implements RefundSigner {
  private readonly signed = new Map<string, SignedTransaction>();

  constructor(
    private readonly lab: TronLab,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  async sign(refund: Refund): Promise<SignOutcome> {
    let tx = this.signed.get(refund.refundId);
    if (!tx) {
      const hot = addressSigner(SEED, 'TRX', 0);
      const keys = {
        signer: (index: number) => addressSigner(SEED, 'TRX', index),
        accountPublic: accountPublicKey(SEED, 'TRX'),
      };
      const sender = chainSender('TRX', nodeSettings('TRX', this.env), {
        bus: NO_BUS,
        keys,
        pending: { signedFrom: async () => [] },
      });
      tx = await sender.sign({ currency: refund.currency, to: refund.address, amount: refund.amount }, hot);
      expect(await sender.broadcast(tx)).toEqual({ accepted: true });
      this.signed.set(refund.refundId, tx);
      await this.lab.produceBlock();
      // Its answer comes once the solidified chain is past the deadline.
      await this.lab.produceBlock({ skipSlots: 12 });
      await this.lab.produceBlocks(SOLID_DEPTH + 1);
    }
    const { txid, raw, fee, feeCurrency, validUntil } = tx;
    return { ok: true, tx: { txid, raw, fee, feeCurrency, validUntil } };
  }
}

describe('RefundWorker on the Tron lab', () => {
  let lab: TronLab;
  let db: TestDatabase;
  let dataSource: DataSource;
  let refunds: RefundRepository;

  beforeAll(async () => {
    lab = await startTronLab({ blockMs: 0, solidDepth: SOLID_DEPTH });
    const hot = addressSigner(SEED, 'TRX', 0).address;
    await lab.fund(hot, 10_000n * TRX);
    await lab.mintUsdt(hot, 1_000n * USDT);
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
    await lab?.stop();
  });

  it('bytes the treasury landed, handed over past their deadline, are a refund sent and counted, not refused forever', async () => {
    const env = {
      TRX_RPC_URL: lab.url,
      TRX_NETWORK: 'regtest',
      USDTTRC_CONTRACT: lab.usdt.address,
      TRX_TX_EXPIRATION_SECONDS: '30',
    };
    const { reader, sender } = chainRelay('TRX', nodeSettings('TRX', env), { bus: NO_BUS });
    const inbox: RefundProgress[] = [];
    const publisher = { publish: async (progress: RefundProgress) => void inbox.push(progress) };
    const worker = new RefundWorker(
      'TRX',
      refunds,
      new LateTreasury(lab, env),
      sender,
      reader,
      publisher,
      silent,
    );
    const to = lab.newAccount().address;
    await new AcceptRefund(refunds).execute({
      refundId: '5FKnXAwxIL-refund-19',
      swapId: '5FKnXAwxIL',
      network: 'TRX',
      currency: 'USDTTRC',
      address: to,
      amount: (7n * USDT).toString(),
      deposited: (8n * USDT).toString(),
      requestedAt: 0,
    });

    await worker.runOnce();
    await lab.produceBlocks(20);
    await worker.runOnce();

    const refund = await refunds.find('5FKnXAwxIL-refund-19');
    expect(refund).toMatchObject({ state: 'CONFIRMED', generation: 0 });
    expect(inbox.map((p) => p.state)).toEqual(['sent', 'confirmed']);
    expect(await lab.usdtBalance(to)).toBe(7n * USDT);
    expect(lab.mined().filter((m) => m.txID === refund?.txid)).toHaveLength(1);
  });
});
