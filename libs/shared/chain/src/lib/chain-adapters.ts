import type { Bus } from '@swap/bus';
import { addressChainOf, lazy, type Network, type Logger } from '@swap/domain';
import type { ChainReader } from './chain-reader';
import type { ChainSender, PendingTransactions, SenderKeys } from './chain-sender';
import { DevnetReader } from './devnet/devnet-reader';
import { DevnetSender } from './devnet/devnet-sender';
import type { evmConfig } from './evm';
import type { moneroConfig } from './monero';
import type { solanaConfig } from './solana';
import type { tronConfig } from './tron';
import { NodeSettingsError } from './verify-nodes';
import type { utxoConfig } from './utxo';

// A network's adapters, and with them its SDK (ethers, tronweb, bitcoinjs-lib, @solana/kit,
// monero-ts), load when a real node of that network is first configured: a service on the devnet,
// or a watcher of one network, never loads the others' (start-up time of every service: issue 31).
/* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use, as said above */
const evm = lazy(() => require('./evm') as typeof import('./evm'));
const monero = lazy(() => require('./monero') as typeof import('./monero'));
const moneroRelay = lazy(() => require('./monero-relay') as typeof import('./monero-relay'));
const solana = lazy(() => require('./solana') as typeof import('./solana'));
const tron = lazy(() => require('./tron') as typeof import('./tron'));
const utxo = lazy(() => require('./utxo') as typeof import('./utxo'));
/* eslint-enable @typescript-eslint/no-require-imports */

/** The variables that point a network at a real node (D11); Monero needs its daemon and a wallet-rpc. */
export function nodeVariables(network: Network): string[] {
  return network === 'XMR' ? ['XMR_DAEMON_RPC_URL', 'XMR_WALLET_RPC_URL'] : [`${network}_RPC_URL`];
}

/** A real node is configured for `network`: any of its node variables is set. */
export const usesRealNode = (network: Network, env: NodeJS.ProcessEnv): boolean =>
  nodeVariables(network).some((name) => Boolean(env[name]));

/** A node's settings read from the environment; a malformed one is a setting to fix, not a crash. */
function settings<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof NodeSettingsError) throw err;
    throw new NodeSettingsError([err instanceof Error ? err.message : String(err)]);
  }
}

/**
 * A network's node as its settings name it, parsed once at start: the devnet (D10), or a real
 * node (D11) with its typed settings. Adapters get this, never the environment.
 */
export type NodeSettings =
  | { node: 'devnet' }
  | { node: 'utxo'; network: 'BTC' | 'LTC'; config: ReturnType<typeof utxoConfig> }
  | { node: 'evm'; network: 'ETH' | 'AVAX'; config: ReturnType<typeof evmConfig> }
  | { node: 'monero'; config: ReturnType<typeof moneroConfig>; chain: ReturnType<typeof addressChainOf> }
  | { node: 'solana'; config: ReturnType<typeof solanaConfig> }
  | { node: 'tron'; config: ReturnType<typeof tronConfig> };

/** Parses `network`'s node settings. Throws NodeSettingsError, naming the variable, on a bad one. */
export function nodeSettings(network: Network, env: NodeJS.ProcessEnv): NodeSettings {
  if (!usesRealNode(network, env)) return { node: 'devnet' };
  switch (network) {
    case 'BTC':
    case 'LTC':
      return { node: 'utxo', network, config: settings(() => utxo().utxoConfig(network, env)) };
    case 'ETH':
    case 'AVAX':
      return { node: 'evm', network, config: settings(() => evm().evmConfig(network, env)) };
    case 'XMR':
      return {
        node: 'monero',
        config: settings(() => monero().moneroConfig(env)),
        chain: addressChainOf('XMR', env),
      };
    case 'SOL':
      return { node: 'solana', config: settings(() => solana().solanaConfig(env)) };
    case 'TRX':
      return { node: 'tron', config: settings(() => tron().tronConfig(env)) };
  }
}

export interface ReaderContext {
  bus: Bus;
  /** The network's `<NETWORK>_XPUB` (the XMR one holds the view key a watcher's wallet needs). */
  accountPublic: string;
  logger?: Logger;
  /** The treasury's keys: its reader sees the spending wallet (UTXO wallet, Monero full wallet). */
  treasury?: SenderKeys;
}

/** The reader of one network, as its settings name it. Nothing above this function knows which. */
export function chainReader(network: Network, settings: NodeSettings, context: ReaderContext): ChainReader {
  const { logger, treasury } = context;
  switch (settings.node) {
    case 'devnet':
      return new DevnetReader(context.bus, network);
    case 'utxo':
      return utxo().utxoReader(settings.network, settings.config, { wallet: treasury !== undefined, logger });
    case 'evm':
      return evm().evmReader(settings.network, settings.config, logger);
    case 'monero': {
      const wallet =
        treasury?.moneroWallet?.() ?? monero().moneroViewWallet(context.accountPublic, settings.chain);
      return monero().moneroReader(settings.config, wallet, logger);
    }
    case 'solana':
      return solana().solanaReader(settings.config, logger);
    case 'tron':
      return tron().tronReader(settings.config, logger);
  }
}

export interface SenderContext {
  bus: Bus;
  keys: SenderKeys;
  pending: PendingTransactions;
  logger?: Logger;
}

/** The treasury's sender of one network, as its settings name it. */
export function chainSender(network: Network, settings: NodeSettings, context: SenderContext): ChainSender {
  const { keys, pending, logger } = context;
  switch (settings.node) {
    case 'devnet':
      return new DevnetSender(context.bus, network);
    case 'utxo':
      return utxo().utxoSender(settings.network, settings.config, keys, pending, logger);
    case 'evm':
      return evm().evmSender(settings.network, settings.config, keys, pending, logger);
    case 'monero':
      return monero().moneroSender(settings.config, keys, logger);
    case 'solana':
      return solana().solanaSender(settings.config, keys, logger);
    case 'tron':
      return tron().tronSender(settings.config, keys, logger);
  }
}

/** What a keyless service (refunds) needs of a network: stored bytes sent again, and their fate. */
export interface ChainRelay {
  reader: Pick<ChainReader, 'transaction' | 'neverLands' | 'verify' | 'identity'>;
  sender: Pick<ChainSender, 'broadcast'>;
}

/** Keys of a service that holds none: a relay only ever broadcasts bytes the treasury signed. */
const NO_KEYS: SenderKeys = {
  signer: () => {
    throw new Error('this service holds no keys: only the treasury signs');
  },
  accountPublic: '',
};

const NOTHING_PENDING: PendingTransactions = { signedFrom: async () => [] };

/**
 * The relay of one network for the refunds service: the devnet, or a real node's reader (no
 * wallet) and a sender without keys that only broadcasts (Monero: through the daemon).
 */
export function chainRelay(
  network: Network,
  settings: NodeSettings,
  context: { bus: Bus; logger?: Logger },
): ChainRelay {
  if (settings.node === 'monero') {
    // Transactions are looked up on the daemon: the reader never opens its wallet for that.
    return {
      reader: monero().moneroReader(settings.config, { address: '', viewKey: '' }, context.logger),
      sender: moneroRelay().moneroRelaySender(settings.config),
    };
  }
  return {
    reader: chainReader(network, settings, { ...context, accountPublic: '' }),
    sender: chainSender(network, settings, { ...context, keys: NO_KEYS, pending: NOTHING_PENDING }),
  };
}
