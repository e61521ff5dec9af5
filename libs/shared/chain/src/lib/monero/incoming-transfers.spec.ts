import { MoneroBlock, MoneroIncomingTransfer, MoneroTxWallet, type MoneroWalletRpc } from 'monero-ts';
import { minedTransfers, pooledTransfers, type LockedTransfer } from './incoming-transfers';
import type { MoneroWallet } from './monero-wallet';

const TX = (n: number) => String(n).padStart(64, '0');

/** An entry as monero-ts gives it: unlock_time a number up to 15 digits and a string beyond, as parsed. */
const entry = (n: number, unlockTime: string, height = '1000') => {
  const tx = new MoneroTxWallet().setHash(TX(n));
  tx.setUnlockTime((unlockTime.length > 15 ? unlockTime : Number(unlockTime)) as unknown as bigint);
  if (height !== '0') tx.setBlock(new MoneroBlock().setHeight(Number(height)));
  return new MoneroIncomingTransfer()
    .setTx(tx)
    .setAddress(`8sub${n}`)
    .setAmount(1_000_000_000_000n)
    .setAccountIndex(0)
    .setSubaddressIndex(n);
};

/** A wallet whose client answers getIncomingTransfers with the entries of `answer` (in or pool). */
const wallet = (answer: { in?: MoneroIncomingTransfer[]; pool?: MoneroIncomingTransfer[] }) => {
  const client = {
    getIncomingTransfers: async () => answer.in ?? answer.pool ?? [],
  } as unknown as MoneroWalletRpc;
  const use = async <T>(_what: string, run: (c: MoneroWalletRpc) => Promise<T>) => run(client);
  return { use } as unknown as MoneroWallet;
};

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
