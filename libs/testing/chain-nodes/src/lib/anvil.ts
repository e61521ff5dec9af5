import { dirname, join } from 'node:path';
import { JsonRpcProvider, toQuantity } from 'ethers';
import { startProcess } from './node-process';

export interface AnvilOptions {
  chainId: number;
  /** BIP39 phrase of the 10 funded dev accounts (anvil's own test phrase when absent). */
  mnemonic?: string;
  /** Prefix the account index is appended to, e.g. "m/44'/60'/0'/0/". */
  derivationPath?: string;
  /** Transactions wait in the pool until mine(): lets a test see them at 0 confirmations. */
  noMining?: boolean;
  /** Listens on this port (a node restarted at the same address); a free one when absent. */
  port?: number;
  /**
   * UNIX seconds of block 0: anvils of one chain id share their genesis unless it differs, so
   * another value makes another chain with the same id (a testnet's fork, a resynced node).
   */
  genesisTimestamp?: number;
}

/** A running anvil (a local EVM node) on a random loopback port. */
export interface Anvil {
  readonly rpcUrl: string;
  readonly chainId: number;
  /** Connected to this anvil, with ethers' call cache off so quick successive sends see fresh nonces. */
  readonly provider: JsonRpcProvider;
  /** False when started with noMining: nothing is mined until mine(). */
  readonly automine: boolean;
  mine(blocks?: number): Promise<void>;
  /** Chain and pool as they are now; revert() returns to it (and drops what came after). */
  snapshot(): Promise<string>;
  revert(snapshotId: string): Promise<void>;
  setBalance(address: string, wei: bigint): Promise<void>;
  stop(): Promise<void>;
}

const ARCH: Readonly<Record<string, string>> = { x64: 'amd64', arm64: 'arm64' };

/**
 * anvil's own platform package (an optional dependency: the registry this project installs from
 * carries only linux-amd64, so the @foundry-rs/anvil wrapper cannot be locked for `npm ci`).
 */
function anvilBinary(): string {
  const pkg = `@foundry-rs/anvil-${process.platform}-${ARCH[process.arch] ?? process.arch}`;
  try {
    return join(dirname(require.resolve(`${pkg}/package.json`)), 'bin', 'anvil');
  } catch {
    throw new Error(`${pkg} is not installed (an optional dependency, for linux-amd64 only)`);
  }
}

/** Starts anvil; stop() it in afterAll (a forgotten one is killed when the test process exits). */
export async function startAnvil(options: AnvilOptions): Promise<Anvil> {
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(options.port ?? 0),
    '--chain-id',
    String(options.chainId),
    '--accounts',
    '10',
  ];
  if (options.mnemonic) args.push('--mnemonic', options.mnemonic);
  if (options.derivationPath) args.push('--derivation-path', options.derivationPath);
  if (options.noMining) args.push('--no-mining');
  if (options.genesisTimestamp !== undefined) args.push('--timestamp', String(options.genesisTimestamp));
  let port = 0;
  const node = await startProcess({
    name: `anvil(${options.chainId})`,
    bin: anvilBinary(),
    args,
    timeoutMs: 10_000,
    ready: (output) => {
      // With --port 0 anvil binds a free port and says which (the one asked for otherwise).
      port = Number(/Listening on 127\.0\.0\.1:(\d+)/.exec(output)?.[1] ?? 0);
      return port > 0;
    },
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  const provider = new JsonRpcProvider(rpcUrl, options.chainId, { staticNetwork: true, cacheTimeout: -1 });
  return {
    rpcUrl,
    chainId: options.chainId,
    provider,
    automine: !options.noMining,
    mine: async (blocks = 1) => {
      await provider.send('anvil_mine', [toQuantity(blocks)]);
    },
    snapshot: () => provider.send('evm_snapshot', []),
    revert: async (snapshotId) => {
      if (!(await provider.send('evm_revert', [snapshotId])))
        throw new Error(`anvil has no snapshot ${snapshotId}`);
    },
    setBalance: async (address, wei) => {
      await provider.send('anvil_setBalance', [address, toQuantity(wei)]);
    },
    stop: async () => {
      provider.destroy();
      await node.stop();
    },
  };
}
