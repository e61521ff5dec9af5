import { Contract, parseEther, Transaction, Wallet } from 'ethers';
import { accountPublicKey, mnemonicToSeed } from '@swap/chain-keys';
import { deployTestUsdt, startAnvil, type Anvil, type TestUsdt } from '@swap/chain-nodes';
import { addressSigner } from '../lib/address-signer';
import type { ChainReader } from '../lib/chain-reader';
import type {
  AddressSigner,
  ChainSender,
  PendingTransactions,
  SenderKeys,
  SignedTransaction,
} from '../lib/chain-sender';
import { evmConfig, evmReader, evmSender, type EvmConfig, type EvmNetwork } from '../lib/evm';

/** Test support for the EVM adapter's *.int-spec.ts suites: an anvil and the adapters on it. */

export const TEST_PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

/** anvil appends the account index to these; they are the account paths of @swap/chain-keys + /0/. */
export const DERIVATION_PATHS: Readonly<Record<EvmNetwork, string>> = {
  ETH: "m/44'/60'/0'/0/",
  AVAX: "m/44'/60'/1'/0/",
};

/** ETH runs on anvil's own chain id, AVAX on the C-chain's. */
const CHAIN_IDS: Readonly<Record<EvmNetwork, number>> = { ETH: 31337, AVAX: 43114 };

/** The treasury's store of signed, unconfirmed transactions, in memory. */
export class MemoryPending implements PendingTransactions {
  readonly stored: SignedTransaction[] = [];

  async signedFrom(address: string): Promise<SignedTransaction[]> {
    return this.stored.filter((tx) => Transaction.from(tx.raw).from?.toLowerCase() === address.toLowerCase());
  }
}

export interface EvmTestNet {
  network: EvmNetwork;
  /** Started with --no-mining: every test mines what it needs. */
  anvil: Anvil;
  /** ETH only. */
  usdt: TestUsdt | null;
  env: NodeJS.ProcessEnv;
  config: EvmConfig;
  reader: ChainReader;
  keys: SenderKeys;
  /** Key of address `index` of the treasury's account (anvil's funded account `index`). */
  signer(index: number): AddressSigner;
  sender(pending?: PendingTransactions): ChainSender;
  /** A stranger with 10 coins, to make deposits from. */
  customer(): Promise<Wallet>;
  /** `from` sends test USDT by calling transfer(); resolves to the transaction hash, unmined. */
  sendUsdt(from: Wallet, to: string, amount: bigint): Promise<string>;
  stop(): Promise<void>;
}

export async function startEvmTestNet(network: EvmNetwork): Promise<EvmTestNet> {
  const chainId = CHAIN_IDS[network];
  const derivationPath = DERIVATION_PATHS[network];
  const anvil = await startAnvil({ chainId, mnemonic: TEST_PHRASE, derivationPath, noMining: true });
  const usdt = network === 'ETH' ? await deployTestUsdt(anvil) : null;
  const env: NodeJS.ProcessEnv = {
    [`${network}_RPC_URL`]: anvil.rpcUrl,
    [`${network}_CHAIN_ID`]: String(chainId),
    ...(usdt && { USDTERC_CONTRACT: usdt.address }),
  };
  const config = evmConfig(network, env);
  const seed = mnemonicToSeed(TEST_PHRASE);
  const signer = (index: number) => addressSigner(seed, network, index);
  const keys: SenderKeys = { signer, accountPublic: accountPublicKey(seed, network) };
  return {
    network,
    anvil,
    usdt,
    env,
    config,
    reader: evmReader(network, config),
    keys,
    signer,
    sender: (pending = new MemoryPending()) => evmSender(network, config, keys, pending),
    customer: async () => {
      const wallet = new Wallet(Wallet.createRandom().privateKey, anvil.provider);
      await anvil.setBalance(wallet.address, parseEther('10'));
      return wallet;
    },
    sendUsdt: async (from, to, amount) => {
      if (!usdt) throw new Error(`no test USDT on ${network}`);
      const token = new Contract(
        usdt.address,
        ['function transfer(address to, uint256 amount) returns (bool)'],
        from,
      );
      return (await token.getFunction('transfer').send(to, amount)).hash;
    },
    stop: () => anvil.stop(),
  };
}
