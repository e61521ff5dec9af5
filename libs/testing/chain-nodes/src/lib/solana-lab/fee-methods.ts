import { bankFor, context, type Methods } from './bank';
import { isWritable } from './account-keys';
import { feeOf } from './compute-budget';
import type { Block, Ledger } from './ledger';
import { configAt, pubkeyOf, stringAt } from './params';
import { invalidParams } from './rpc-error';
import { decodeMessage } from './wire';

const MAX_FEE_ACCOUNTS = 128;
/** agave's prioritization fee cache keeps this many recent blocks. */
const FEE_CACHE_BLOCKS = 150;

export function feeMethods(ledger: Ledger): Methods {
  return {
    getFeeForMessage: (params) => {
      const encoded = stringAt(params, 0);
      const bank = bankFor(ledger, configAt(params, 1));
      if (encoded.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) {
        throw invalidParams('invalid base64 encoding: InvalidPadding');
      }
      const message = decodeMessage(new Uint8Array(Buffer.from(encoded, 'base64')));
      // null when the bank does not know the message's blockhash, as the real RPC.
      const known = ledger.blockhashValidFor(message.recentBlockhash, bank.blockHeight + 1);
      return { context: context(bank), value: known ? feeOf(message) : null };
    },
    getRecentPrioritizationFees: (params) => {
      const raw = params[0] ?? [];
      if (!Array.isArray(raw)) throw invalidParams('Invalid params: invalid type: expected a sequence.');
      if (raw.length > MAX_FEE_ACCOUNTS)
        throw invalidParams(`Too many inputs provided; max ${MAX_FEE_ACCOUNTS}`);
      const accounts = raw.map(pubkeyOf);
      return ledger
        .allBlocks()
        .slice(1)
        .slice(-FEE_CACHE_BLOCKS)
        .map((block) => ({ slot: block.slot, prioritizationFee: blockFee(block, accounts) }));
    },
  };
}

/**
 * As agave's cache: the lowest unit price any transaction in the block bid, raised to the lowest bid among
 * the transactions that write-lock each asked account (the highest of those); 0 for an empty block.
 */
function blockFee(block: Block, accounts: readonly string[]): bigint {
  if (block.txs.length === 0) return 0n;
  let fee = block.txs.reduce(
    (low, { unitPrice }) => (unitPrice < low ? unitPrice : low),
    block.txs[0].unitPrice,
  );
  for (const account of accounts) {
    const bids = block.txs
      .filter(({ tx, exec }) =>
        exec.keys.some((key, i) => key === account && isWritable(tx.message, exec.keys, i)),
      )
      .map(({ unitPrice }) => unitPrice);
    const low = bids.reduce<bigint | undefined>(
      (min, bid) => (min === undefined || bid < min ? bid : min),
      undefined,
    );
    if (low !== undefined && low > fee) fee = low;
  }
  return fee;
}
