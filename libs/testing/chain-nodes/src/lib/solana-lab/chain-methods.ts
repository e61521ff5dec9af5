import { bankFor, context, API_VERSION, type Methods } from './bank';
import { blockJson, type TransactionDetails } from './block-json';
import type { Ledger } from './ledger';
import { commitmentOf, configAt, oneOf, optionalU64, pubkeyOf, u64Of, type Config } from './params';
import { invalidParams, rpcErrors } from './rpc-error';
import type { TxEncoding } from './tx-json';

const MAX_BLOCKS_RANGE = 500_000;
const SLOTS_PER_EPOCH = 432_000;
/** A stable feature-set id, as `getVersion` reports one (any u32). */
const FEATURE_SET = 3_294_202_862;

/** Slots, blocks and blockhashes. */
export function chainMethods(ledger: Ledger): Methods {
  return {
    getGenesisHash: () => ledger.genesisHash,
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': API_VERSION, 'feature-set': FEATURE_SET }),
    getFirstAvailableBlock: () => 0,
    getSlot: (params) => bankFor(ledger, configAt(params, 0)).slot,
    getBlockHeight: (params) => bankFor(ledger, configAt(params, 0)).blockHeight,
    getEpochInfo: (params) => {
      const bank = bankFor(ledger, configAt(params, 0));
      const transactionCount = ledger
        .allBlocks()
        .slice(0, bank.blockHeight + 1)
        .reduce((count, block) => count + block.txs.length, 0);
      // One long epoch: no epoch boundaries are modelled.
      const slots = { absoluteSlot: bank.slot, slotIndex: bank.slot, slotsInEpoch: SLOTS_PER_EPOCH };
      return { ...slots, blockHeight: bank.blockHeight, epoch: 0, transactionCount };
    },
    getBlock: (params) => getBlock(ledger, u64Of(params[0]), configAt(params, 1, true)),
    getBlocks: (params) => {
      // The second parameter is the end slot, or the config when the end is left out.
      const endGiven = typeof params[1] === 'number';
      const configFirst = typeof params[1] === 'object' && params[1] !== null;
      const config = configAt(params, configFirst ? 1 : 2);
      const start = u64Of(params[0]);
      const end = Math.min(endGiven ? u64Of(params[1]) : start + MAX_BLOCKS_RANGE, levelSlot(ledger, config));
      if (end < start) return [];
      if (end - start > MAX_BLOCKS_RANGE)
        throw invalidParams(`Slot range too large; max ${MAX_BLOCKS_RANGE}`);
      return slotsFrom(ledger, config, start).filter((slot) => slot <= end);
    },
    getBlocksWithLimit: (params) => {
      const config = configAt(params, 2);
      const limit = u64Of(params[1]);
      if (limit > MAX_BLOCKS_RANGE) throw invalidParams(`Limit too large; max ${MAX_BLOCKS_RANGE}`);
      return slotsFrom(ledger, config, u64Of(params[0])).slice(0, limit);
    },
    getBlockTime: (params) => {
      const slot = u64Of(params[0]);
      const block = ledger.blockBySlot(slot);
      if (block) return block.blockTime;
      throw slot < ledger.blockAt('finalized').slot
        ? rpcErrors.slotSkipped(slot)
        : rpcErrors.blockNotAvailable(slot);
    },
    getLatestBlockhash: (params) => {
      const bank = bankFor(ledger, configAt(params, 0));
      const lastValidBlockHeight = bank.blockHeight + ledger.config.blockhashValidity;
      return { context: context(bank), value: { blockhash: bank.blockhash, lastValidBlockHeight } };
    },
    isBlockhashValid: (params) => {
      const blockhash = pubkeyOf(params[0]);
      const bank = bankFor(ledger, configAt(params, 1));
      // Valid while a transaction with it can still land in the block after the bank's.
      return { context: context(bank), value: ledger.blockhashValidFor(blockhash, bank.blockHeight + 1) };
    },
  };
}

function getBlock(ledger: Ledger, slot: number, config: Config): unknown {
  const commitment = commitmentOf(config);
  if (commitment === 'processed') throw rpcErrors.belowConfirmed();
  const encoding = oneOf(config, 'encoding', ['json', 'jsonParsed', 'base64', 'base58'], 'json');
  if (encoding === 'jsonParsed') throw invalidParams('the Solana lab does not print jsonParsed; use json');
  const details = oneOf(config, 'transactionDetails', ['full', 'accounts', 'signatures', 'none'], 'full');
  const rewards = config.rewards === undefined || config.rewards === null ? true : config.rewards === true;
  const maxVersion = optionalU64(config, 'maxSupportedTransactionVersion');
  const block = ledger.blockBySlot(slot);
  if (block && block.blockHeight <= ledger.heightAt(commitment)) {
    return blockJson(block, {
      encoding: encoding as TxEncoding,
      details: details as TransactionDetails,
      rewards,
      maxVersion,
    });
  }
  // As agave: only below the finalized root does a missing block mean a skipped slot; above it, "not yet".
  if (!block && slot < ledger.blockAt('finalized').slot) throw rpcErrors.slotSkipped(slot);
  throw rpcErrors.blockNotAvailable(slot);
}

/** The highest slot getBlocks may list: confirmed or finalized only, as the real RPC. */
function levelSlot(ledger: Ledger, config: Config): number {
  const commitment = commitmentOf(config);
  if (commitment === 'processed') throw rpcErrors.belowConfirmed();
  return ledger.blockAt(commitment).slot;
}

function slotsFrom(ledger: Ledger, config: Config, start: number): number[] {
  const top = levelSlot(ledger, config);
  return ledger
    .allBlocks()
    .map((block) => block.slot)
    .filter((slot) => slot >= start && slot <= top);
}
