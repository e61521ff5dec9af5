import { getBase58Decoder, getBase64Decoder } from '@solana/kit';
import { bankFor, context, type Methods } from './bank';
import type { Ledger } from './ledger';
import { configAt, oneOf, pubkeyOf, u64Of, type Config } from './params';
import { invalidParams, RpcError } from './rpc-error';
import type { AccountState } from './runtime';

/** Every rent-exempt account reports rent epoch u64::MAX (printed as a JSON number). */
const RENT_EXEMPT_EPOCH = 18_446_744_073_709_551_615n;
const MAX_BASE58_BYTES = 128;

const base58 = getBase58Decoder();
const base64 = getBase64Decoder();

/** Balances and accounts, as of the block the commitment selects. */
export function accountMethods(ledger: Ledger): Methods {
  return {
    getBalance: (params) => {
      const address = pubkeyOf(params[0]);
      const bank = bankFor(ledger, configAt(params, 1));
      return { context: context(bank), value: ledger.accountAt(address, bank.blockHeight)?.lamports ?? 0n };
    },
    getAccountInfo: (params) => {
      const address = pubkeyOf(params[0]);
      const config = configAt(params, 1);
      const bank = bankFor(ledger, config);
      const account = ledger.accountAt(address, bank.blockHeight);
      return { context: context(bank), value: account && accountJson(account, config) };
    },
    getMinimumBalanceForRentExemption: (params) => ledger.rentExemptMinimum(u64Of(params[0], 'usize')),
  };
}

function accountJson(account: AccountState, config: Config): Record<string, unknown> {
  const encodings = ['binary', 'base58', 'base64', 'jsonParsed', 'base64+zstd'];
  const encoding = oneOf(config, 'encoding', encodings, 'binary');
  if (encoding === 'base64+zstd')
    throw invalidParams('the Solana lab does not compress account data; use base64');
  const data = sliced(account.data, config.dataSlice);
  if ((encoding === 'binary' || encoding === 'base58') && account.data.length > MAX_BASE58_BYTES) {
    throw new RpcError(
      -32600,
      `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
    );
  }
  return {
    // jsonParsed falls back to base64 for accounts no parser knows, which covers everything the lab holds.
    data:
      encoding === 'binary'
        ? base58.decode(data)
        : encoding === 'base58'
          ? [base58.decode(data), 'base58']
          : [base64.decode(data), 'base64'],
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: account.data.length,
  };
}

function sliced(data: Uint8Array, slice: unknown): Uint8Array {
  if (slice === undefined || slice === null) return data;
  const { offset, length } = configAt([slice], 0);
  const start = u64Of(offset, 'usize');
  return data.slice(start, start + u64Of(length, 'usize'));
}
