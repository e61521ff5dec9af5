import type { Bus } from '@swap/bus';
import { addressChainOf, type Network, type Logger } from '@swap/domain';
import type { ChainReader } from './chain-reader';
import type { ChainSender, PendingTransactions, SenderKeys } from './chain-sender';
import { DevnetReader } from './devnet/devnet-reader';
import { DevnetSender } from './devnet/devnet-sender';
import { moneroRelaySender } from './monero-relay';
import { evmConfig, evmReader, evmSender } from './evm';
import { moneroConfig, moneroReader, moneroSender, moneroViewWallet } from './monero';
import { solanaConfig, solanaReader, solanaSender } from './solana';
import { tronConfig, tronReader, tronSender } from './tron';
import { NodeSettingsError } from './verify-nodes';
import { utxoConfig, utxoReader, utxoSender } from './utxo';

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

export interface ReaderContext {
  bus: Bus;
  /** The network's `<NETWORK>_XPUB` (the XMR one holds the view key a watcher's wallet needs). */
  accountPublic: string;
  logger?: Logger;
  /** The treasury's keys: its reader sees the spending wallet (UTXO wallet, Monero full wallet). */
  treasury?: SenderKeys;
}

/**
 * The reader of one network: the devnet (D10) unless its node variables name a real node. Nothing
 * above this function knows which one it got. Throws NodeSettingsError, naming the variable, on a
 * bad setting.
 */
export function chainReader(network: Network, env: NodeJS.ProcessEnv, context: ReaderContext): ChainReader {
  if (!usesRealNode(network, env)) return new DevnetReader(context.bus, network);
  const { logger, treasury } = context;
  switch (network) {
    case 'BTC':
    case 'LTC': {
      const config = settings(() => utxoConfig(network, env));
      return utxoReader(network, config, { wallet: treasury !== undefined, logger });
    }
    case 'ETH':
    case 'AVAX':
      return evmReader(
        network,
        settings(() => evmConfig(network, env)),
        logger,
      );
    case 'XMR': {
      const config = settings(() => moneroConfig(env));
      const wallet =
        treasury?.moneroWallet?.() ?? moneroViewWallet(context.accountPublic, addressChainOf('XMR', env));
      return moneroReader(config, wallet, logger);
    }
    case 'SOL':
      return solanaReader(
        settings(() => solanaConfig(env)),
        logger,
      );
    case 'TRX':
      return tronReader(
        settings(() => tronConfig(env)),
        logger,
      );
  }
}

export interface SenderContext {
  bus: Bus;
  keys: SenderKeys;
  pending: PendingTransactions;
  logger?: Logger;
}

/** The treasury's sender of one network: the devnet unless its node variables name a real node. */
export function chainSender(network: Network, env: NodeJS.ProcessEnv, context: SenderContext): ChainSender {
  if (!usesRealNode(network, env)) return new DevnetSender(context.bus, network);
  const { keys, pending, logger } = context;
  switch (network) {
    case 'BTC':
    case 'LTC':
      return utxoSender(
        network,
        settings(() => utxoConfig(network, env)),
        keys,
        pending,
        logger,
      );
    case 'ETH':
    case 'AVAX':
      return evmSender(
        network,
        settings(() => evmConfig(network, env)),
        keys,
        pending,
        logger,
      );
    case 'XMR':
      return moneroSender(
        settings(() => moneroConfig(env)),
        keys,
        logger,
      );
    case 'SOL':
      return solanaSender(
        settings(() => solanaConfig(env)),
        keys,
        logger,
      );
    case 'TRX':
      return tronSender(
        settings(() => tronConfig(env)),
        keys,
        logger,
      );
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
  env: NodeJS.ProcessEnv,
  context: { bus: Bus; logger?: Logger },
): ChainRelay {
  if (!usesRealNode(network, env))
    return { reader: new DevnetReader(context.bus, network), sender: new DevnetSender(context.bus, network) };
  if (network === 'XMR') {
    // Transactions are looked up on the daemon: the reader never opens its wallet for that.
    const config = settings(() => moneroConfig(env));
    return {
      reader: moneroReader(config, { address: '', viewKey: '' }, context.logger),
      sender: moneroRelaySender(config),
    };
  }
  return {
    reader: chainReader(network, env, { ...context, accountPublic: '' }),
    sender: chainSender(network, env, { ...context, keys: NO_KEYS, pending: NOTHING_PENDING }),
  };
}
