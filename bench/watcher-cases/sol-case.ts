import { createHash } from 'node:crypto';
import { base58 } from '@scure/base';
import { solanaBlockOfAnswer, type RpcAccountsBlock } from '@swap/chain';
import type { Pools, WatcherCase } from './watcher-case';

/** Of a mainnet block's transactions, about two in three are validators' votes. */
const VOTE_SHARE = 0.65;
/** Account keys of a non-vote transaction (a swap through a router loads a dozen or more). */
const KEYS = 12;
/** Accounts whose lamports a non-vote transaction raises. */
const RAISED = 2;
const SYSTEM = '11111111111111111111111111111111';
const VOTE = 'Vote111111111111111111111111111111111111111';

interface Key {
  pubkey: string;
  signer: boolean;
  source: 'transaction';
  writable: boolean;
}

/**
 * Block `seed` as a node's getBlock answer ("accounts" details, the JSON-RPC envelope and all), the
 * same every time it is built: votes (a fee paid, nothing raised) and transfers and swaps raising
 * two accounts each; `watched` of the raised accounts are watch-list addresses (3 in 5 open swaps,
 * 1 recently ended, 1 a known deposit seen again).
 */
function answer(seed: number, size: number, watched: number, pools: Pools): string {
  const random = (purpose: string, length: number) =>
    createHash('shake256', { outputLength: length }).update(`sol block ${seed} ${purpose}`).digest();
  const keyBytes = random('keys', size * KEYS * 32);
  const sigBytes = random('signatures', size * 64);
  const key = (n: number) => base58.encode(keyBytes.subarray(n * 32, n * 32 + 32));
  const transactions = Array.from({ length: size }, (_, t) => {
    const signature = base58.encode(sigBytes.subarray(t * 64, t * 64 + 64));
    const vote = t < size * VOTE_SHARE;
    const count = vote ? 4 : KEYS;
    const accountKeys: Key[] = Array.from({ length: count }, (_, i) => ({
      pubkey: vote && i === 3 ? VOTE : !vote && i === count - 1 ? SYSTEM : key(t * KEYS + i),
      signer: i === 0,
      source: 'transaction',
      writable: i < count - 2,
    }));
    const preBalances = accountKeys.map((_, i) => 1_000_000_000 + ((t * 31 + i * 17) % 1_000_000));
    const postBalances = preBalances.map((balance, i) =>
      i === 0 ? balance - 5_000 : !vote && i >= 1 && i <= RAISED ? balance + 10_000 + t : balance,
    );
    return {
      meta: {
        err: null,
        fee: 5000,
        preBalances,
        postBalances,
        preTokenBalances: [],
        postTokenBalances: [],
        status: { Ok: null },
      },
      transaction: { accountKeys, signatures: [signature] },
      version: 'legacy',
    };
  });
  const others = transactions.slice(Math.ceil(size * VOTE_SHARE));
  const bytes = random('watched', watched * 5);
  const spacing = Math.floor(others.length / watched);
  for (let k = 0; k < watched; k++) {
    const tx = others[k * spacing + (bytes[5 * k] % spacing)];
    const pick = bytes.readUInt32LE(5 * k + 1);
    if (k % 5 === 4) {
      // A known deposit seen again: its transaction, its raised account (index 1).
      const known = pools.known[pick % pools.known.length];
      tx.transaction.signatures[0] = known.txid;
      tx.transaction.accountKeys[1].pubkey = known.address;
    } else {
      const pool = k % 5 === 3 ? pools.late : pools.open;
      tx.transaction.accountKeys[1].pubkey = pool[pick % pool.length];
    }
  }
  const block = {
    blockHeight: 300_000_000 + seed,
    blockTime: 1_760_000_000 + seed,
    blockhash: base58.encode(random('hash', 32)),
    parentSlot: 320_000_000 + seed - 1,
    previousBlockhash: base58.encode(random('parent', 32)),
    transactions,
  };
  return JSON.stringify({ jsonrpc: '2.0', result: block, id: 1 });
}

/**
 * Issue 20's case: Solana blocks of 3,000 transactions as the node sends them; the timed part is
 * what the SOL reader does with an answer (JSON.parse, the raised balances) and the matching.
 */
export const SOL_CASE: WatcherCase = {
  network: 'SOL',
  targetP99Ms: 50,
  targetRssMb: null,
  defaultBlockSize: 3_000,
  hotWallet: 'So1HotWa11etHotWa11etHotWa11etHotWa11etHot1',
  // 44 characters of the base58 alphabet (md5's hex, its 0 mapped to z).
  addressSql: `translate(left(md5(i::text) || md5(i::text || 'x'), 44), '0', 'z')`,
  txidSql: `translate(md5('d' || seq) || md5('e' || seq) || left(md5('f' || seq), 24), '0', 'z')`,
  knownIndex: 1,
  block: (seed, size, watched, pools) => {
    const text = answer(seed, size, watched, pools);
    return () => {
      const { result } = JSON.parse(text) as { result: RpcAccountsBlock };
      return solanaBlockOfAnswer(320_000_000 + seed, result, text).transfers;
    };
  },
};
