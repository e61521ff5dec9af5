import {
  decodeDevnetTx,
  DevnetTxFormatError,
  type DevnetSignedTx,
  type BlockRef,
  type ChainBlock,
  type TxStatus,
} from '@swap/chain';
import type { DevnetWalletNetwork } from '@swap/contracts';
import { emptyChange, isEmptyChange, type DevnetRepository } from '@swap/devnet-data';
import {
  CURRENCIES,
  DecimalFormatError,
  isValidAddress,
  NETWORKS,
  toUnits,
  type CurrencyCode,
  type Network,
  type Logger,
} from '@swap/domain';
import { chainBlock } from './chain-views';
import { DevnetChain, type Changed } from './devnet-chain';
import { DevnetError, TxRefused } from './devnet-error';
import { nativeCurrency } from './devnet-params';
import { loadChain } from './load-chain';
import { SerialQueue } from './serial-queue';

export interface DevnetOptions {
  /**
   * Address `index` of a network's account: depositAddress(network, <NETWORK>_XPUB, index). Index 0
   * is the hot wallet; BTC, LTC and XMR wallets hold the addresses the treasury expects.
   */
  account: (network: Network, index: number) => string;
  /** What a new chain gives its hot wallet at genesis, base units. */
  funding: Readonly<Record<CurrencyCode, bigint>>;
  /** UNIX seconds, for block times (default: the system clock's). */
  unixSeconds?: () => number;
  logger: Logger;
}

export type SubmitResult = { accepted: true; txid: string } | { accepted: false; reason: string };

/**
 * The simulated chains of the embedded default (D10): one DevnetChain per network in memory, every
 * change written to the `devnet` schema before it is answered, so a restart resumes the chains.
 * Changes to one network run one at a time.
 */
export class Devnet {
  private readonly failing = new Set<CurrencyCode>();
  private readonly queue = new SerialQueue<Network>();
  /**
   * Networks whose chain in memory may be ahead of the database: a write failed, and so did the
   * reload after it (PostgreSQL away). Nothing reads or changes them until a reload succeeds.
   */
  private readonly unsaved = new Set<Network>();

  private constructor(
    private readonly repository: DevnetRepository,
    private readonly options: DevnetOptions,
    private readonly chains: Map<Network, DevnetChain>,
  ) {}

  /** Restores every network from the database, creating (and funding) the ones it lacks. */
  static async open(repository: DevnetRepository, options: DevnetOptions): Promise<Devnet> {
    const devnet = new Devnet(repository, options, new Map());
    for (const network of NETWORKS) devnet.chains.set(network, await devnet.load(network));
    for (const currency of await repository.failingPayouts()) devnet.failing.add(currency);
    return devnet;
  }

  // --- chain reads (what a node's RPC offers) ---------------------------------------------------

  tip(network: Network): BlockRef {
    return this.chain(network).tip();
  }

  async blockAt(network: Network, height: number): Promise<ChainBlock | null> {
    const chain = this.chain(network);
    if (height > chain.tip().height) return null;
    const recent = chain.recentBlock(height);
    if (recent) return recent;
    const stored = await this.repository.blockAt(network, height);
    return stored && chainBlock(stored.block, stored.txs);
  }

  mempool(network: Network) {
    return this.chain(network).mempool();
  }

  transaction(network: Network, txid: string): TxStatus {
    return this.chain(network).status(txid);
  }

  balance(network: Network, address: string, currency: CurrencyCode): bigint {
    this.checkAddress(network, address, currency);
    return this.chain(network).balance(address, currency);
  }

  account(network: Network, address: string, currency: CurrencyCode = nativeCurrency(network)) {
    this.checkAddress(network, address, currency);
    const chain = this.chain(network);
    return { nextNonce: chain.nextNonce(address), feePerTransfer: chain.fee(currency) };
  }

  fee(network: Network, currency: CurrencyCode): bigint {
    this.checkCurrency(network, currency);
    return this.chain(network).fee(currency);
  }

  /** Signed bytes into the mempool; the same transaction again is accepted as already known. */
  async submit(network: Network, raw: string): Promise<SubmitResult> {
    const [result] = await this.submitBatch(network, [raw]);
    return result;
  }

  /** Several signed transactions, taken in order as one change of the network: one result each. */
  async submitBatch(network: Network, raws: readonly string[]): Promise<SubmitResult[]> {
    const decoded = raws.map((raw): { signed: DevnetSignedTx; raw: string } | SubmitResult => {
      let signed;
      try {
        signed = decodeDevnetTx(raw);
      } catch (err) {
        if (err instanceof DevnetTxFormatError) return { accepted: false, reason: err.message };
        throw err;
      }
      if (signed.network !== network)
        return { accepted: false, reason: `the transaction is for ${signed.network}, not ${network}` };
      return { signed, raw };
    });
    // An unexpected error stops the batch; what was taken before it is still saved, then it is thrown.
    let failure: unknown = null;
    const results = await this.change(network, (chain): Changed<SubmitResult[]> => {
      const change = emptyChange(network);
      const taken: SubmitResult[] = [];
      for (const item of decoded) {
        if ('accepted' in item) {
          taken.push(item);
          continue;
        }
        try {
          const submitted = chain.submit(item.signed, item.raw);
          change.txs.push(...submitted.change.txs);
          taken.push({ accepted: true, txid: submitted.result.txid });
        } catch (err) {
          if (!(err instanceof TxRefused)) {
            failure = err;
            break;
          }
          taken.push({ accepted: false, reason: err.message });
        }
      }
      return { result: taken, change };
    });
    if (failure) throw failure;
    return results;
  }

  /**
   * The account's addresses up to `index` join the network's wallet (as addresses imported into a
   * node's wallet): derived from the account's public key and kept, a batch at a time, before the
   * chain counts them. Returns how many addresses the wallet holds.
   */
  expectAddresses(network: DevnetWalletNetwork, index: number): Promise<number> {
    return this.queue.run(network, async () => {
      await this.reloadIfUnsaved(network);
      const chain = this.chain(network);
      while (chain.walletSize <= index) {
        const first = chain.walletSize;
        const last = Math.min(index, first + WALLET_BATCH - 1);
        const addresses = Array.from({ length: last - first + 1 }, (_, i) =>
          this.options.account(network, first + i),
        );
        await this.repository.addWalletAddresses(network, chain.hotWallet, first, addresses);
        chain.joinWallet(addresses);
      }
      return chain.walletSize;
    });
  }

  // --- operator and test controls (swapctl devnet …) ---------------------------------------------

  /** A deposit from outside; `amount` is a decimal in the currency's unit. */
  async deposit(currency: CurrencyCode, address: string, amount: string): Promise<string> {
    const { network, chainDecimals } = CURRENCIES[currency];
    this.checkAddress(network, address, currency);
    let units: bigint;
    try {
      units = toUnits(amount, chainDecimals);
    } catch (err) {
      if (!(err instanceof DecimalFormatError)) throw err;
      throw new DevnetError('INVALID_AMOUNT', `invalid amount of ${currency}: ${err.message}`);
    }
    if (units <= 0n) throw new DevnetError('INVALID_AMOUNT', 'a deposit must be positive');
    return this.change(network, (chain) => chain.deposit(currency, address, units));
  }

  mine(network: Network, blocks: number): Promise<BlockRef> {
    return this.change(network, (chain) => chain.mine(blocks, this.failing));
  }

  /** One block on every network: the block timer. */
  async mineAll(): Promise<void> {
    await Promise.all(NETWORKS.map((network) => this.mine(network, 1)));
  }

  reorg(network: Network, depth: number, drop: readonly string[]): Promise<BlockRef> {
    return this.change(network, (chain) => chain.reorg(depth, drop, this.failing));
  }

  async setFailPayouts(currency: CurrencyCode, on: boolean): Promise<void> {
    await this.repository.setFailPayouts(currency, on);
    if (on) this.failing.add(currency);
    else this.failing.delete(currency);
  }

  // --- internals ---------------------------------------------------------------------------------

  private chain(network: Network): DevnetChain {
    if (this.unsaved.has(network)) {
      throw new DevnetError('UNAVAILABLE', `the ${network} chain is being reloaded from its database`, 503);
    }
    return this.chains.get(network)!;
  }

  /**
   * Runs one change of a network after the previous one and persists it before answering. If the
   * write fails, the chain is reloaded from the database: memory never runs ahead of it.
   */
  private change<T>(network: Network, operation: (chain: DevnetChain) => Changed<T>): Promise<T> {
    return this.queue.run(network, async () => {
      await this.reloadIfUnsaved(network);
      const { result, change } = operation(this.chain(network));
      if (isEmptyChange(change)) return result;
      try {
        await this.repository.save(change);
      } catch (err) {
        // The database may be away for the reload too: then the chain stays unusable until one works.
        await this.reload(network).catch(() => this.recover(network));
        throw err;
      }
      return result;
    });
  }

  private async reload(network: Network): Promise<void> {
    this.chains.set(network, await this.load(network));
    this.unsaved.delete(network);
  }

  private async reloadIfUnsaved(network: Network): Promise<void> {
    if (this.unsaved.has(network)) await this.reload(network);
  }

  /** Marks the chain unsaved and reloads it, in its turn, every RELOAD_RETRY_MS until that works. */
  private recover(network: Network): void {
    if (this.unsaved.has(network)) return;
    this.unsaved.add(network);
    void (async () => {
      while (this.unsaved.has(network)) {
        await this.queue
          .run(network, () => this.reloadIfUnsaved(network))
          .catch(() => new Promise((resolve) => setTimeout(resolve, RELOAD_RETRY_MS)));
      }
    })();
  }

  private load(network: Network): Promise<DevnetChain> {
    const { account, funding, unixSeconds, logger } = this.options;
    const setup = {
      hotWallet: account(network, 0),
      funding,
      unixSeconds: unixSeconds ?? systemUnixSeconds,
      logger,
    };
    return loadChain(this.repository, network, setup);
  }

  private checkCurrency(network: Network, currency: CurrencyCode): void {
    if (CURRENCIES[currency].network !== network) {
      throw new DevnetError('WRONG_NETWORK', `${currency} is not a currency of ${network}`);
    }
  }

  private checkAddress(network: Network, address: string, currency: CurrencyCode): void {
    this.checkCurrency(network, currency);
    if (!isValidAddress(currency, address)) {
      throw new DevnetError('INVALID_ADDRESS', `invalid ${network} address for ${currency}`);
    }
  }
}

const systemUnixSeconds = () => Math.floor(Date.now() / 1000);

/** How often a chain whose reload failed is reloaded again. */
const RELOAD_RETRY_MS = 500;

/** Wallet addresses derived and stored at a time: a long way behind is caught up in steps that each last. */
const WALLET_BATCH = 1000;
