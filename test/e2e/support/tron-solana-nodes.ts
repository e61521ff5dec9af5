import { parseEther } from 'ethers';
import { bytesToHex } from '@noble/hashes/utils.js';
import { TronWeb } from 'tronweb';
import { accountPublicKey, childPrivateKey, depositAddress, mnemonicToSeed } from '@swap/chain-keys';
import {
  deployTestUsdt,
  startAnvil,
  startSolanaLab,
  startTronLab,
  type Anvil,
  type SolanaLab,
  type SolanaLabOptions,
  type TestUsdt,
  type TronLab,
  type TronLabOptions,
} from '@swap/chain-nodes';
import { toUnits } from '@swap/domain';
import { TEST_MNEMONIC } from '@swap/stack';

const TICK_MS = 300;
const SEED = mnemonicToSeed(TEST_MNEMONIC);
/** Index 0 of the treasury's account on `network`: where its payouts leave from. */
export const treasuryHot = (network: 'TRX' | 'SOL' | 'ETH') =>
  depositAddress(network, accountPublicKey(SEED, network), 0);

/**
 * The most real Tron and Solana these machines run, and an anvil for ETH: the Tron lab (java-tron's
 * HTTP API, TRC-20 calls on anvil) and the Solana lab (litesvm behind Solana's JSON-RPC), with a
 * background producer of blocks that a test can pause to fork the chain under the watchers.
 */
export class TronSolanaNodes {
  private timer: NodeJS.Timeout | null = null;
  private producing: Promise<unknown> = Promise.resolve();
  private paused = false;
  private readonly failures = new Set<string>();

  private constructor(
    readonly tron: TronLab,
    readonly sol: SolanaLab,
    readonly eth: Anvil,
    /** ETH's USDT contract: the ETH network needs one to start. */
    readonly ethUsdt: TestUsdt,
  ) {}

  /** Blocks come from startProducing() (or the test); `options` tune the labs' chains. */
  static async start(
    options: { tron?: TronLabOptions; sol?: SolanaLabOptions } = {},
  ): Promise<TronSolanaNodes> {
    const started = await Promise.allSettled([
      startTronLab({ ...options.tron, blockMs: 0 }),
      startSolanaLab({ ...options.sol, slotMs: 0 }),
      startAnvil({ chainId: 31337 }),
    ] as const);
    const [tron, sol, eth] = started.map((s) => (s.status === 'fulfilled' ? s.value : null)) as [
      TronLab | null,
      SolanaLab | null,
      Anvil | null,
    ];
    try {
      if (!tron || !sol || !eth)
        throw new Error(
          `a chain did not start: ${String((started.find((s) => s.status === 'rejected') as PromiseRejectedResult | undefined)?.reason)}`,
        );
      return new TronSolanaNodes(tron, sol, eth, await deployTestUsdt(eth));
    } catch (err) {
      await Promise.allSettled([tron?.stop(), sol?.stop(), eth?.stop()]);
      throw err;
    }
  }

  env(): Record<string, string> {
    return {
      TRX_RPC_URL: this.tron.url,
      TRX_NETWORK: 'regtest',
      USDTTRC_CONTRACT: this.tron.usdt.address,
      SOL_RPC_URL: this.sol.rpcUrl,
      SOL_NETWORK: 'regtest',
      ETH_RPC_URL: this.eth.rpcUrl,
      ETH_CHAIN_ID: '31337',
      USDTERC_CONTRACT: this.ethUsdt.address,
    };
  }

  async fundHotWallets(): Promise<void> {
    await this.tron.fund(treasuryHot('TRX'), toUnits('1000000', 6));
    await this.tron.mintUsdt(treasuryHot('TRX'), toUnits('1000000', 6));
    await this.sol.fund(treasuryHot('SOL'), toUnits('1000', 9));
    await this.eth.setBalance(treasuryHot('ETH'), parseEther('1000'));
  }

  /** The treasury's hot wallet stakes TRX for energy (Stake 2.0), to lend its sweeps. */
  async stakeHotWalletForEnergy(trx: string): Promise<void> {
    const address = treasuryHot('TRX');
    const key = {
      address,
      hexAddress: TronWeb.address.toHex(address),
      privateKey: bytesToHex(childPrivateKey(SEED, 'TRX', 0)),
    };
    await this.tron.stake(key, toUnits(trx, 6), 'ENERGY');
  }

  /** A block on each chain every TICK_MS (4 on anvil), one round at a time, until stop(). */
  startProducing(): void {
    this.timer = setInterval(() => {
      if (this.paused) return;
      this.producing = this.producing.then(() =>
        Promise.all([this.tron.produceBlock(), this.sol.produceBlock(), this.eth.mine(4)]).catch(
          (err: unknown) => this.failed(err),
        ),
      );
    }, TICK_MS);
  }

  /** No more blocks until resume(): a test forks the chain meanwhile. */
  async pause(): Promise<void> {
    this.paused = true;
    await this.producing;
  }

  resume(): void {
    this.paused = false;
  }

  private failed(err: unknown): void {
    const reason = err instanceof Error ? err.message : String(err);
    if (this.failures.has(reason)) return;
    this.failures.add(reason);
    process.stderr.write(`block producer: ${reason}\n`);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.producing;
    await Promise.allSettled([this.tron.stop(), this.sol.stop(), this.eth.stop()]);
  }
}
