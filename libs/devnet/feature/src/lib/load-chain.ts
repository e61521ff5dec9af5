import type { DevnetRepository } from '@swap/devnet-data';
import { CURRENCIES, CURRENCY_CODES, type CurrencyCode, type Logger, type Network } from '@swap/domain';
import { canonicalAddress } from './addresses';
import { DevnetChain } from './devnet-chain';
import { nativeCurrency, RECENT_BLOCKS } from './devnet-params';

export interface ChainSetup {
  /** depositAddress(network, <NETWORK>_XPUB, 0). */
  hotWallet: string;
  /** What a new chain gives the hot wallet at genesis, base units. */
  funding: Readonly<Record<CurrencyCode, bigint>>;
  /** UNIX seconds (block times). */
  unixSeconds: () => number;
  logger: Logger;
}

/**
 * A network's chain as stored, or a new one whose genesis block funds the hot wallet (once), with
 * the addresses its wallet holds.
 */
export async function loadChain(
  repository: DevnetRepository,
  network: Network,
  setup: ChainSetup,
): Promise<DevnetChain> {
  const chain = await storedOrNew(repository, network, setup);
  if (chain.walletSize > 0) chain.joinWallet(await repository.walletAddresses(network, chain.hotWallet));
  return chain;
}

async function storedOrNew(
  repository: DevnetRepository,
  network: Network,
  setup: ChainSetup,
): Promise<DevnetChain> {
  const hotWallet = canonicalAddress(network, setup.hotWallet);
  const params = { network, hotWallet, unixSeconds: setup.unixSeconds };
  const stored = await repository.load(network, RECENT_BLOCKS);
  if (stored.blocks.length > 0) {
    const chain = DevnetChain.restore(params, stored.blocks, stored.txs);
    if (chain.balance(hotWallet, nativeCurrency(network)) === 0n) {
      setup.logger.warn(
        { network, hotWallet },
        'the hot wallet holds no coins on the stored chain (another mnemonic?)',
      );
    }
    return chain;
  }
  const funding = CURRENCY_CODES.filter((code) => CURRENCIES[code].network === network).map(
    (code): [CurrencyCode, bigint] => [code, setup.funding[code]],
  );
  const { result, change } = DevnetChain.genesis(params, funding);
  await repository.save(change);
  setup.logger.info({ network, hotWallet }, 'devnet chain created with a funded hot wallet');
  return result;
}
