import { minedTransfers, pooledTransfers, type LockedTransfer } from './incoming-transfers';
import type { MoneroWallet } from './monero-wallet';

const TX = (n: number) => String(n).padStart(64, '0');

/** An answer as parseJsonExact leaves it: every number as its source text. */
const entry = (n: number, unlockTime: string, height = '1000') => ({
  txid: TX(n),
  address: `8sub${n}`,
  amount: '1000000000000',
  height,
  subaddr_index: { major: '0', minor: String(n) },
  unlock_time: unlockTime,
});

const wallet = (answer: object) => ({ call: async () => answer }) as unknown as MoneroWallet;

describe('Monero incoming transfers', () => {
  it('leaves out transfers their sender time-locked past the usual spendable age', async () => {
    const locked: LockedTransfer[] = [];
    const far = String(Math.floor(Date.now() / 1000) + 86_400);
    const answer = {
      in: [
        entry(1, '0'),
        entry(2, '1010'), // unlocks with the usual 10-block age: no real lock
        entry(3, '1011'),
        entry(4, '18446744073709551615'),
        entry(5, far),
        entry(6, '1600000000'), // a UNIX time long past
      ],
    };

    const transfers = await minedTransfers(wallet(answer), 990, 1000, (t) => locked.push(t));

    expect(transfers.map((t) => t.index)).toEqual([1, 2, 6]);
    expect(locked.map((t) => [t.txid, t.unlockTime])).toEqual([
      [TX(3), 1011n],
      [TX(4), 18446744073709551615n],
      [TX(5), BigInt(far)],
    ]);
  });

  it('takes a pooled transfer only without any lock, its height not known yet', async () => {
    const locked: LockedTransfer[] = [];
    const answer = { pool: [entry(1, '0', '0'), entry(2, '5', '0')] };

    const transfers = await pooledTransfers(wallet(answer), (t) => locked.push(t));

    expect(transfers.map((t) => t.txid)).toEqual([TX(1)]);
    expect(locked.map((t) => t.txid)).toEqual([TX(2)]);
  });
});
