import { Contract, parseEther, type Signer } from 'ethers';
import {
  deployTestUsdt,
  MoneroCustomer,
  startAnvil,
  startLitecoind,
  startMonero,
  type Anvil,
  type Litecoind,
  type MoneroNodes,
  type TestUsdt,
} from '@swap/chain-nodes';
import { accountPublicKey, depositAddress, generateMnemonic, mnemonicToSeed } from '@swap/chain-keys';
import { toUnits } from '@swap/domain';

const TREASURY_WALLET = 0;
const WATCHER_WALLET = 1;
const CUSTOMER_WALLET = 2;
/** Blocks each node gets per tick of the background miner: confirmations come in seconds. */
const BLOCKS_PER_TICK = { ltc: 1, evm: 4, xmr: 2 };
const TICK_MS = 400;
/** Block rewards beyond the hot wallet's go to an address of a throwaway key. */
const NOBODY_XMR = depositAddress('XMR', accountPublicKey(mnemonicToSeed(generateMnemonic()), 'XMR'), 0, {
  chain: 'regtest',
});

/**
 * The real nodes an end-to-end suite runs the service on: litecoind, anvil for ETH (with a test
 * USDT) and for AVAX, monerod with three wallet-rpcs (the treasury's, the watcher's view-only one
 * and a customer's). A background miner keeps blocks coming once the stack is up.
 */
export class RealNodes {
  private miners: NodeJS.Timeout[] = [];
  private readonly mining = new Set<Promise<unknown>>();
  private readonly minerErrors = new Set<string>();

  private constructor(
    readonly ltc: Litecoind,
    readonly eth: Anvil,
    readonly avax: Anvil,
    readonly usdt: TestUsdt,
    readonly xmr: MoneroNodes,
    readonly xmrCustomer: MoneroCustomer,
  ) {}

  static async start(): Promise<RealNodes> {
    const [ltc, eth, avax, xmr] = await Promise.all([
      startLitecoind(),
      startAnvil({ chainId: 31337 }),
      startAnvil({ chainId: 43114 }),
      startMonero({ wallets: 3 }),
    ]);
    const [usdt, xmrCustomer] = await Promise.all([
      deployTestUsdt(eth),
      MoneroCustomer.create(xmr, CUSTOMER_WALLET),
    ]);
    return new RealNodes(ltc, eth, avax, usdt, xmr, xmrCustomer);
  }

  /** What every service gets: the node URLs and the regtest address parameters. */
  env(): Record<string, string> {
    return {
      LTC_RPC_URL: this.ltc.rpcUrl,
      LTC_NETWORK: 'regtest',
      ETH_RPC_URL: this.eth.rpcUrl,
      ETH_CHAIN_ID: '31337',
      USDTERC_CONTRACT: this.usdt.address,
      AVAX_RPC_URL: this.avax.rpcUrl,
      AVAX_CHAIN_ID: '43114',
      XMR_DAEMON_RPC_URL: this.xmr.daemonUrl,
      XMR_WALLET_RPC_URL: this.xmr.walletUrls[WATCHER_WALLET],
      XMR_NETWORK: 'regtest',
      // A wallet makes its subaddress table run this far ahead before it first scans (≈12 ms per
      // subaddress): the default 1000 costs a busy machine half a minute of start-up.
      XMR_SUBADDRESS_LOOKAHEAD: '100',
    };
  }

  /** The treasury (and the refunds service, which re-sends its bytes) use the spending wallet's wallet-rpc. */
  treasuryEnv(): Record<string, string> {
    return { XMR_WALLET_RPC_URL: this.xmr.walletUrls[TREASURY_WALLET] };
  }

  /** The XMR watcher's own wallet-rpc, where it opens the view-only wallet. */
  watcherEnv(): Record<string, string> {
    return { XMR_WALLET_RPC_URL: this.xmr.walletUrls[WATCHER_WALLET] };
  }

  /**
   * Liquidity for payouts: mined coins on LTC and XMR (unlocked), balances and USDT on the anvils;
   * the Monero customer gets unlocked coins too, and spreads the decoys every later signer needs.
   */
  async fundHotWallets(hot: { LTC: string; ETH: string; AVAX: string; XMR: string }): Promise<void> {
    await this.ltc.mine(5, hot.LTC);
    await this.ltc.mine(100);
    await this.eth.setBalance(hot.ETH, parseEther('1000'));
    await this.usdt.mint(hot.ETH, toUnits('1000000', 6));
    await this.avax.setBalance(hot.AVAX, parseEther('100000'));
    await this.mineXmr(5, hot.XMR);
    await this.mineXmr(16, this.xmrCustomer.address);
    // Coinbase outputs unlock after 60 blocks.
    await this.mineXmr(60, NOBODY_XMR);
    await this.xmrCustomer.spreadDecoys(() => this.mineXmr(11, NOBODY_XMR));
  }

  /**
   * monerod refuses a block whose timestamp is not above the median of the last 60: blocks mined
   * within one second hit that after about 60, so mine in steps and wait a second when refused.
   */
  private async mineXmr(blocks: number, address: string): Promise<void> {
    for (let left = blocks; left > 0;) {
      const step = Math.min(left, 20);
      try {
        await this.xmr.mine(step, address);
        left -= step;
      } catch (err) {
        if (!String(err).includes('Block not accepted')) throw err;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  /** The holder sends `amount` of the test USDT to `to` itself (a customer's token deposit). */
  async sendUsdt(holder: Signer, to: string, amount: bigint): Promise<void> {
    const contract = new Contract(
      this.usdt.address,
      ['function transfer(address,uint256) returns (bool)'],
      holder,
    );
    await (await contract.getFunction('transfer').send(to, amount)).wait();
  }

  /** Blocks on every node every TICK_MS until stop(): each node on its own, one round at a time. */
  startMining(): void {
    const every = (mine: () => Promise<unknown>) => {
      let busy = false;
      this.miners.push(
        setInterval(() => {
          if (busy) return;
          busy = true;
          const round = mine()
            .catch((err: unknown) => this.minerFailed(err))
            .finally(() => {
              busy = false;
              this.mining.delete(round);
            });
          this.mining.add(round);
        }, TICK_MS),
      );
    };
    every(() => this.ltc.mine(BLOCKS_PER_TICK.ltc));
    every(() => this.eth.mine(BLOCKS_PER_TICK.evm));
    every(() => this.avax.mine(BLOCKS_PER_TICK.evm));
    every(() => this.mineXmr(BLOCKS_PER_TICK.xmr, NOBODY_XMR));
  }

  /** A failing miner stalls every swap on its node: say why, once per reason. */
  private minerFailed(err: unknown): void {
    const reason = err instanceof Error ? err.message : String(err);
    if (this.minerErrors.has(reason)) return;
    this.minerErrors.add(reason);
    process.stderr.write(`background miner: ${reason}\n`);
  }

  async stop(): Promise<void> {
    for (const miner of this.miners) clearInterval(miner);
    await Promise.all(this.mining);
    await Promise.allSettled([this.ltc.stop(), this.eth.stop(), this.avax.stop(), this.xmr.stop()]);
  }
}
