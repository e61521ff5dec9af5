import type {
  AddressSigner,
  BroadcastResult,
  ChainReader,
  ChainSender,
  SignedTransaction,
  SigningItem,
  TransactionReplacer,
  TransferOrder,
  TxStatus,
} from '@swap/chain';
import { NETWORKS, type CurrencyCode, type Network } from '@swap/domain';
import type { ChainNodes } from '../lib/chains/chain-nodes';
import type { KeySource } from '@swap/chain-keys';

export type BroadcastMode = 'accept' | 'unreachable' | 'hang' | { refuse: string };

/**
 * A test double of one network's node: it signs deterministically (the bytes name the signer,
 * the order and a per-chain counter), records every sign and broadcast, and lets the test script
 * broadcasts, confirmations and on-chain failures.
 */
export class FakeChain implements ChainReader, ChainSender {
  readonly signs: Array<{ order: TransferOrder; from: string; index: number }> = [];
  /** Raw bytes of every broadcast attempt, in order. */
  readonly broadcasts: string[] = [];
  /** `address|currency` of every balance read, in order. */
  readonly balanceReads: string[] = [];
  /** Sizes of the signBatch calls, in order. */
  readonly signBatches: number[] = [];
  /** Transactions the node refuses (txid → reason), whatever broadcastMode says. */
  readonly refusals = new Map<string, string>();
  /** Refusals that say the nonce was taken by another transaction (account chains). */
  readonly takenNonces = new Set<string>();
  /** ETH and AVAX order an address's transfers by nonce, as the real EVM sender says. */
  readonly nonces: true | undefined;
  /** TRX and SOL transactions stand alone and carry a deadline, as their real senders say. */
  readonly independent: true | undefined;
  /** Transactions the node proves can never land (their deadline passed, no block holds them). */
  readonly dead = new Set<string>();
  /** Refusals that say the transaction's deadline has passed. */
  readonly expiredRefusals = new Set<string>();
  /** txids neverLands() was asked about, in order. */
  readonly deathChecks: string[] = [];
  readonly neverLands?: (tx: SignedTransaction) => Promise<string | null>;
  /** Set to lend sweeps energy as Tron's sender does with TRX_SWEEP_ENERGY=delegate. */
  energyLending?: ChainSender['energyLending'];
  /**
   * BTC, LTC, ETH and AVAX: fee bumps (twice the fee, `<txid>-bump<n>`), on ETH and AVAX nonce
   * fillers (`<txid>-fill<n>`, fee `fillerFee`), on BTC and LTC CPFP children (`<txid>-child<n>`,
   * fee `childFee`); `replaceError` makes them throw.
   */
  readonly replacer?: TransactionReplacer;
  replaceError: Error | null = null;
  fillerFee = 30_000n;
  childFee = 15_000n;
  broadcastMode: BroadcastMode = 'accept';
  /** While set, a broadcast waits for it (after being recorded in `broadcasts`). */
  broadcastGate: Promise<void> | null = null;
  signError: Error | null = null;
  fee = 21_000n;
  /** Signs and broadcasts under way at once, at most: 1 when the sender serializes the network. */
  maxConcurrent = 0;
  private running = 0;
  private counter = 0;
  private readonly statuses = new Map<string, TxStatus>();
  private readonly balances = new Map<string, bigint>();

  constructor(readonly network: Network) {
    this.nonces = network === 'ETH' || network === 'AVAX' ? true : undefined;
    const expiring = network === 'TRX' || network === 'SOL';
    this.independent = expiring ? true : undefined;
    if (['BTC', 'LTC', 'ETH', 'AVAX'].includes(network)) this.replacer = this.fakeReplacer();
    if (expiring)
      this.neverLands = async (tx) => {
        this.deathChecks.push(tx.txid);
        return this.dead.has(tx.txid) ? `block height past ${tx.validUntil}` : null;
      };
  }

  /** Blocks mined so far: confirm() and failOnChain() mine one, as only a block changes a count. */
  height = 100;
  /** txids asked about through transaction(), in order. */
  readonly lookups: string[] = [];

  async identity() {
    return 'fake chain';
  }
  async tip() {
    return { height: this.height, hash: `block-${this.height}` };
  }
  async blockAt() {
    return null;
  }
  async mempool() {
    return [];
  }

  async sign(order: TransferOrder, signer: AddressSigner): Promise<SignedTransaction> {
    return this.busy(async () => this.signNow(order, signer));
  }

  async signBatch(items: readonly SigningItem[]): Promise<SignedTransaction[]> {
    return this.busy(async () => {
      this.signBatches.push(items.length);
      return items.map(({ order, signer }) => this.signNow(order, signer));
    });
  }

  async broadcast(tx: SignedTransaction): Promise<BroadcastResult> {
    return this.busy(async () => this.broadcastNow(tx));
  }

  async broadcastBatch(txs: readonly SignedTransaction[]): Promise<BroadcastResult[]> {
    return this.busy(async () => {
      const results: BroadcastResult[] = [];
      for (const tx of txs) results.push(await this.broadcastNow(tx));
      return results;
    });
  }

  async transaction(txid: string): Promise<TxStatus> {
    this.lookups.push(txid);
    return this.statuses.get(txid) ?? { state: 'unknown' };
  }

  async balance(address: string, currency: CurrencyCode): Promise<bigint> {
    this.balanceReads.push(`${address}|${currency}`);
    return this.balances.get(`${address}|${currency}`) ?? 0n;
  }

  /** Indices expectAddresses was called with; it throws `expectError` while set. */
  readonly expected: number[] = [];
  expectError: Error | null = null;

  async expectAddresses(index: number): Promise<void> {
    if (this.expectError) throw this.expectError;
    this.expected.push(index);
  }

  async estimateFee(): Promise<bigint> {
    return this.fee;
  }

  setBalance(address: string, currency: CurrencyCode, amount: bigint): void {
    this.balances.set(`${address}|${currency}`, amount);
  }

  /** `fee`: what the chain charged, where it tells it (EVM). */
  confirm(txid: string, confirmations: number, fee?: bigint): void {
    this.height++;
    const mined = { height: 100, blockHash: 'b', confirmations, time: 1 };
    this.statuses.set(txid, { state: 'confirmed', ...mined, ...(fee === undefined ? {} : { fee }) });
  }

  failOnChain(txid: string, reason: string, fee?: bigint, confirmations = 1): void {
    this.height++;
    const mined = { height: 100, blockHash: 'b', confirmations, time: 1 };
    this.statuses.set(txid, { state: 'failed', reason, ...mined, ...(fee === undefined ? {} : { fee }) });
  }

  private async broadcastNow(tx: SignedTransaction): Promise<BroadcastResult> {
    this.broadcasts.push(tx.raw);
    if (this.broadcastGate) await this.broadcastGate;
    const refusal = this.refusals.get(tx.txid);
    if (refusal && this.takenNonces.has(tx.txid))
      return { accepted: false, reason: refusal, nonceTaken: true };
    if (refusal && this.expiredRefusals.has(tx.txid))
      return { accepted: false, reason: refusal, expired: true };
    if (refusal) return { accepted: false, reason: refusal };
    const mode = this.broadcastMode;
    if (mode === 'hang') return new Promise<BroadcastResult>(() => undefined);
    if (mode === 'unreachable') throw new Error('connect ECONNREFUSED');
    if (mode !== 'accept') return { accepted: false, reason: mode.refuse };
    if (!this.statuses.has(tx.txid)) this.statuses.set(tx.txid, { state: 'mempool' });
    return { accepted: true };
  }

  private signNow(order: TransferOrder, signer: AddressSigner): SignedTransaction {
    if (this.signError) throw this.signError;
    this.signs.push({ order, from: signer.address, index: signer.index });
    const n = this.counter++;
    return {
      network: this.network,
      txid: `${this.network.toLowerCase()}-tx-${n}`,
      raw: `${this.network}|${signer.address}>${order.to}|${order.amount} ${order.currency}|${n}`,
      fee: this.fee,
      feeCurrency: this.network as CurrencyCode,
      txKey: this.network === 'XMR' ? `txkey-${n}` : null,
      ...(this.independent ? { validUntil: 1000 + n } : {}),
    };
  }

  private fakeReplacer(): TransactionReplacer {
    let n = 0;
    const check = () => {
      if (this.replaceError) throw this.replaceError;
      return ++n;
    };
    return {
      bump: async ({ tx, shares }) => {
        const i = check();
        const txid = `${tx.txid}-bump${i}`;
        const fee = (tx.fee * 2n * BigInt(shares)) / BigInt(shares);
        return Array.from({ length: shares }, () => ({ ...tx, txid, raw: `${tx.raw}|bump${i}`, fee }));
      },
      ...(this.nonces
        ? {}
        : {
            childPays: async ({ tx }) => {
              const i = check();
              return { ...tx, txid: `${tx.txid}-child${i}`, raw: `${tx.raw}|child${i}`, fee: this.childFee };
            },
          }),
      ...(this.nonces
        ? {
            fill: async ({ tx, to }) => {
              const i = check();
              return {
                ...tx,
                txid: `${tx.txid}-fill${i}`,
                raw: `${tx.raw}|fill${i}>${to}`,
                fee: this.fillerFee,
              };
            },
          }
        : {}),
    };
  }

  forget(txid: string): void {
    this.statuses.delete(txid);
  }

  private async busy<T>(work: () => Promise<T>): Promise<T> {
    this.maxConcurrent = Math.max(this.maxConcurrent, ++this.running);
    try {
      // A real node answers later: let any other caller interleave here if it could.
      await new Promise((resolve) => setImmediate(resolve));
      return await work();
    } finally {
      this.running--;
    }
  }
}

/** One FakeChain per network. */
export class FakeChains implements ChainNodes {
  private readonly chains = new Map<Network, FakeChain>();

  chain(network: Network): FakeChain {
    let chain = this.chains.get(network);
    if (!chain) {
      chain = new FakeChain(network);
      this.chains.set(network, chain);
    }
    return chain;
  }

  reader(network: Network): ChainReader {
    return this.chain(network);
  }

  sender(network: Network): ChainSender {
    return this.chain(network);
  }
}

/** Addresses that name their network and index ("eth-0" is the ETH hot wallet); signatures are zeros. */
export const fakeKeys: KeySource = {
  networks: NETWORKS,
  key: (network, index) => fakeSigner(network, index),
  accountPublic: (network) => `${network.toLowerCase()}-account`,
  moneroWallet: () => ({ address: 'xmr-0', spendKey: '00', viewKey: '00' }),
};

const fakeSigner = (network: Network, index: number): AddressSigner => ({
  network,
  address: `${network.toLowerCase()}-${index}`,
  index,
  publicKey: new Uint8Array(33),
  scheme: 'secp256k1',
  sign: () => new Uint8Array(65),
  signDigest: () => new Uint8Array(65),
});
