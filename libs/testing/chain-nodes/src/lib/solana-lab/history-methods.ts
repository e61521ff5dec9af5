import { bankFor, context, type Methods } from './bank';
import type { Block, Ledger } from './ledger';
import { commitmentOf, configAt, oneOf, optionalU64, pubkeyOf, signatureOf, type Config } from './params';
import { invalidParams, rpcErrors } from './rpc-error';
import { fullTransaction, type TxEncoding } from './tx-json';

const MAX_STATUSES = 256;
const MAX_SIGNATURES_FOR_ADDRESS = 1000;

/** Transaction statuses and history. */
export function historyMethods(ledger: Ledger): Methods {
  return {
    getSignatureStatuses: (params) => {
      const signatures = params[0];
      if (!Array.isArray(signatures))
        throw invalidParams('Invalid params: invalid type: expected a sequence.');
      if (signatures.length > MAX_STATUSES) {
        throw invalidParams(`Too many inputs provided; max ${MAX_STATUSES}`);
      }
      configAt(params, 1);
      const value = signatures.map((signature) => status(ledger, signatureOf(signature)));
      return { context: context(ledger.newest()), value };
    },
    getTransaction: (params) => {
      const signature = signatureOf(params[0]);
      const config = configAt(params, 1, true);
      const level = confirmedLevel(ledger, config);
      const encoding = oneOf(config, 'encoding', ['json', 'jsonParsed', 'base64', 'base58'], 'json');
      if (encoding === 'jsonParsed')
        throw invalidParams('the Solana lab does not print jsonParsed; use json');
      const found = ledger.locate(signature);
      if (!found?.block || found.block.blockHeight > level) return null;
      const maxVersion = optionalU64(config, 'maxSupportedTransactionVersion');
      const view = fullTransaction(found.landed, {
        encoding: encoding as TxEncoding,
        maxVersion,
        rewards: true,
      });
      return { slot: found.block.slot, ...view, blockTime: found.block.blockTime };
    },
    getSignaturesForAddress: (params) => {
      const address = pubkeyOf(params[0]);
      const config = configAt(params, 1);
      const level = confirmedLevel(ledger, config);
      bankFor(ledger, config);
      const limit = optionalU64(config, 'limit') ?? MAX_SIGNATURES_FOR_ADDRESS;
      if (limit === 0 || limit > MAX_SIGNATURES_FOR_ADDRESS) {
        throw invalidParams(`Invalid limit; max ${MAX_SIGNATURES_FOR_ADDRESS}`);
      }
      const before =
        config.before === undefined || config.before === null ? undefined : signatureOf(config.before);
      const until =
        config.until === undefined || config.until === null ? undefined : signatureOf(config.until);
      const newestFirst = ledger
        .allBlocks()
        .slice(0, level + 1)
        .flatMap((block) => block.txs.map((landed) => ({ landed, block })))
        .filter(({ landed }) => landed.exec.keys.includes(address))
        .reverse();
      const start =
        before === undefined ? 0 : newestFirst.findIndex((e) => e.landed.tx.signature === before) + 1;
      const stop = until === undefined ? -1 : newestFirst.findIndex((e) => e.landed.tx.signature === until);
      return newestFirst
        .slice(start, stop < 0 ? undefined : stop)
        .slice(0, limit)
        .map(({ landed, block }) => ({
          signature: landed.tx.signature,
          slot: block.slot,
          err: landed.exec.err?.json ?? null,
          memo: null,
          blockTime: block.blockTime,
          confirmationStatus: isFinal(ledger, block) ? 'finalized' : 'confirmed',
        }));
    },
  };
}

/** getSignatureStatuses: null until the transaction is in a produced block. */
function status(ledger: Ledger, signature: string) {
  const found = ledger.locate(signature);
  if (!found?.block) return null;
  const { block, landed } = found;
  const err = landed.exec.err?.json ?? null;
  const final = isFinal(ledger, block);
  return {
    slot: block.slot,
    // Blocks built on top, until the block is rooted; then null, as the real RPC.
    confirmations: final ? null : ledger.newest().blockHeight - block.blockHeight,
    err,
    status: err === null ? { Ok: null } : { Err: err },
    confirmationStatus: final
      ? 'finalized'
      : block.blockHeight <= ledger.heightAt('confirmed')
        ? 'confirmed'
        : 'processed',
  };
}

function isFinal(ledger: Ledger, block: Block): boolean {
  return block.blockHeight <= ledger.heightAt('finalized');
}

/** History methods refuse `processed`, as the real RPC; the height of the block they may answer up to. */
function confirmedLevel(ledger: Ledger, config: Config): number {
  const commitment = commitmentOf(config);
  if (commitment === 'processed') throw rpcErrors.belowConfirmed();
  return ledger.heightAt(commitment);
}
