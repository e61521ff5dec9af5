import { toBase58Address, toEvmAddress, toHexAddress } from './address';
import { buildTransaction, signTransaction, type BuildableContract } from './builder';
import { TronChain } from './chain';
import { TokenEvm } from './evm';
import { genesisState, newKey, type NetworkStake, type TronKey } from './genesis';
import { resolveParameters } from './parameters';
import type { LabCore } from './route-context';
import { startServer, type LabServer } from './server';
import { minedRecords, waitForBlock, type MinedRecord } from './lab-records';

export interface TronLabOptions {
  /** ms between produced blocks; 0 = only on demand. Default 3000 (mainnet); tests use 0 or ~300. */
  blockMs?: number;
  /** Blocks behind the head that are solidified (walletsolidity/*). Default 19 (mainnet). */
  solidDepth?: number;
  /** getchainparameters overrides by key (getEnergyFee, getTransactionFee, getFreeNetLimit…). */
  parameters?: Partial<Record<string, number>>;
  /** Energy per unit of EVM gas above the 21000 intrinsic gas. Default 1 (about 4.7 prices the token like mainnet USDT). */
  energyPerGas?: number;
  /** Require this TRON-PRO-API-KEY header on every request. */
  apiKey?: string;
  /** TRX staked by the rest of the network (sets what one staked TRX is worth). */
  networkStake?: NetworkStake;
}

export interface TronLab {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly genesisBlockId: string;
  readonly usdt: { address: string; hexAddress: string };
  newAccount(): TronKey;
  fund(address: string, sun: bigint): Promise<string>;
  transfer(from: TronKey, to: string, sun: bigint): Promise<string>;
  /** The call is mined even when it fails (REVERT, OUT_OF_ENERGY): see mined(). */
  transferUsdt(from: TronKey, to: string, amount: bigint, feeLimitSun?: number): Promise<string>;
  mintUsdt(to: string, amount: bigint): Promise<void>;
  stake(key: TronKey, sun: bigint, resource: 'ENERGY' | 'BANDWIDTH'): Promise<string>;
  trxBalance(address: string): bigint;
  usdtBalance(address: string): Promise<bigint>;
  /** skipSlots: empty 3-second slots before the block, to let time pass (expiry, resource recovery). */
  produceBlock(options?: { skipSlots?: number }): Promise<void>;
  produceBlocks(n: number): Promise<void>;
  rollback(options: { depth: number; drop?: string[] }): Promise<void>;
  /**
   * The next `count` accepted broadcasts are lost by the network. `forGood`: the same bytes sent
   * again are lost too (no node will ever take them), so only their expiration ends them.
   */
  loseTransactions(count: number, options?: { forGood?: boolean }): void;
  mined(): MinedRecord[];
  stop(): Promise<void>;
}

const word = (hex: string) => hex.padStart(64, '0');

export async function startTronLab(options: TronLabOptions = {}): Promise<TronLab> {
  const blockMs = options.blockMs ?? 3000;
  const params = resolveParameters(options.parameters);
  const evm = await TokenEvm.start();
  const funder = newKey();
  const token = toHexAddress(evm.tokenAddress);
  const chain = new TronChain({
    params,
    energyPerGas: options.energyPerGas ?? 1,
    solidDepth: options.solidDepth ?? 19,
    evm,
    genesis: genesisState(funder.hexAddress, token, options.networkStake),
  });
  let toLose = 0;
  let toLoseForGood = 0;
  const lostForGood = new Set<string>();
  const errors: unknown[] = [];
  const core: LabCore = {
    chain,
    params,
    energyPerGas: options.energyPerGas ?? 1,
    loseNext: (txID) => {
      if (lostForGood.has(txID)) return true;
      if (toLoseForGood > 0) {
        toLoseForGood--;
        lostForGood.add(txID);
        return true;
      }
      return toLose > 0 && toLose-- > 0;
    },
  };
  let server: LabServer | undefined;
  try {
    server = await startServer(core, { apiKey: options.apiKey, onError: (err) => errors.push(err) });
    // Block 1 now: the head then carries the current time, which clients build expirations from.
    await chain.produceBlock();
  } catch (err) {
    await server?.close();
    await evm.stop();
    throw err;
  }
  const { url, close } = server;

  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    timer = setTimeout(() => {
      chain
        .produceBlock()
        .catch((err: unknown) => errors.push(err))
        .finally(() => timer && tick());
    }, blockMs);
  };
  if (blockMs > 0) tick();

  /** Signs, broadcasts and waits for the block: the lab's own helpers never get lost. */
  const submit = async (contract: BuildableContract, key: TronKey, feeLimit?: number) => {
    const tx = signTransaction(buildTransaction(contract, chain.head, { feeLimit }), key.privateKey);
    const rejection = await chain.broadcast(tx);
    if (rejection)
      throw new Error(`Tron lab refused its own ${contract.type}: ${rejection.code} ${rejection.message}`);
    if (blockMs === 0) await chain.produceBlock();
    return waitForBlock(chain, tx.txID);
  };

  return {
    url,
    genesisBlockId: chain.blocks[0].id,
    usdt: { address: toBase58Address(token), hexAddress: token },
    newAccount: newKey,
    fund: (address, sun) =>
      submit(
        {
          type: 'TransferContract',
          owner: funder.hexAddress,
          to: toHexAddress(address),
          amount: Number(sun),
        },
        funder,
      ),
    transfer: (from, to, sun) =>
      submit(
        { type: 'TransferContract', owner: from.hexAddress, to: toHexAddress(to), amount: Number(sun) },
        from,
      ),
    transferUsdt: (from, to, amount, feeLimitSun = 100_000_000) =>
      submit(
        {
          type: 'TriggerSmartContract',
          owner: from.hexAddress,
          contract: token,
          callValue: 0,
          data: `a9059cbb${word(toHexAddress(to).slice(2))}${word(amount.toString(16))}`,
          callTokenValue: 0,
          tokenId: 0,
        },
        from,
        feeLimitSun,
      ),
    mintUsdt: (to, amount) => chain.onEvm(() => evm.token.mint(toEvmAddress(to), amount)),
    stake: (key, sun, resource) =>
      submit(
        {
          type: 'FreezeBalanceV2Contract',
          owner: key.hexAddress,
          frozenBalance: Number(sun),
          resource: resource === 'ENERGY' ? 1 : 0,
        },
        key,
      ),
    trxBalance: (address) => BigInt(chain.head.state.accounts.get(toHexAddress(address))?.balance ?? 0),
    usdtBalance: (address) => chain.readEvm(() => evm.token.balanceOf(toEvmAddress(address))),
    produceBlock: async (opts = {}) => {
      await chain.produceBlock(opts.skipSlots ?? 0);
    },
    produceBlocks: async (n) => {
      for (let i = 0; i < n; i++) await chain.produceBlock();
    },
    rollback: ({ depth, drop = [] }) => chain.rollback(depth, new Set(drop)),
    loseTransactions: (count, options = {}) => {
      if (options.forGood) toLoseForGood += count;
      else toLose += count;
    },
    mined: () => minedRecords(chain),
    stop: async () => {
      clearTimeout(timer);
      timer = undefined;
      await chain.exclusive(async () => undefined);
      await close();
      await evm.stop();
      if (errors.length > 0)
        throw new AggregateError(errors, `Tron lab hit ${errors.length} internal error(s)`);
    },
  };
}
