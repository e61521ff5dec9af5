import fc from 'fast-check';
import type { SignedTransaction } from '@swap/chain';
import type { SwapSnapshot } from '@swap/contracts';
import { CURRENCIES, CURRENCY_CODES, type CurrencyCode } from '@swap/domain';
import { swapSnapshotFixture } from '@swap/testing';
import { assertBalanced, sumsByCurrency, type LedgerBatch, type PlannedTransfer } from '@swap/treasury-data';
import { depositBatch, exchangeBatch, refundBatches } from './swap-postings';
import { feeSettlement, signedBatch, undoBatch } from './transfer-postings';

const units = fc.bigInt({ min: 1n, max: 10n ** 27n });
const code = fc.constantFrom(...CURRENCY_CODES);
const percent = fc.integer({ min: 0, max: 9999 }).map((n) => (n / 1000).toFixed(3));

const batches = (list: Array<LedgerBatch | null>) => list.filter((b): b is LedgerBatch => b !== null);
const swapTotals = (list: LedgerBatch[]) => sumsByCurrency(list.flatMap((b) => b.entries));

describe('ledger postings', () => {
  it('balance for every transfer kind, signed and undone, whatever the fee currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('payout', 'sweep', 'gas', 'refund', 'delegate'),
        code,
        units,
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        (kind, currency, amount, fee) => {
          const network = CURRENCIES[currency].network;
          const transfer: PlannedTransfer = {
            id: 't',
            kind,
            swapId: 'S',
            network,
            currency,
            fromIndex: 0,
            to: 'x',
            amount,
          };
          const tx: SignedTransaction = {
            network,
            txid: 'id',
            raw: 'r',
            fee,
            feeCurrency: network,
            txKey: null,
          };
          const written = batches([signedBatch(transfer, tx), undoBatch(transfer, tx, 'all')]);
          written.forEach(assertBalanced);
          // Signed then undone entirely leaves nothing behind.
          expect([...swapTotals(written).values()].every((sum) => sum === 0n)).toBe(true);
          const onChainFailure = batches([signedBatch(transfer, tx), undoBatch(transfer, tx, 'principal')]);
          onChainFailure.forEach(assertBalanced);
          // Refunds are booked from the swap's events instead; lent energy moves no coins, only its fee.
          expect(written).toHaveLength(
            kind === 'refund' ? 0 : kind === 'delegate' ? (fee === 0n ? 0 : 2) : 2,
          );
          // The chain charged less than signed: network fees end at what was paid.
          const paid = fee / 3n;
          const settled = batches([
            signedBatch(transfer, tx),
            feeSettlement(transfer, tx, paid)?.batch ?? null,
          ]);
          settled.forEach(assertBalanced);
          const networkFees = settled
            .flatMap((b) => b.entries)
            .filter((e) => e.account === 'fees:network')
            .reduce((sum, e) => sum + e.amount, 0n);
          // A refund's signed fee is booked from the swap's refund.tx: its settlement takes back the unpaid part.
          expect(networkFees).toBe(kind === 'refund' ? paid - fee : paid);
          // Nothing to settle where the chain charged what was signed, or says nothing.
          expect(feeSettlement(transfer, tx, fee)).toBeUndefined();
          expect(feeSettlement(transfer, tx, undefined)).toBeUndefined();
        },
      ),
    );
  });

  it('balance for a swap that is exchanged, and for one that is refunded', () => {
    const pair = fc.tuple(code, code).filter(([from, to]) => from !== to) as fc.Arbitrary<
      [CurrencyCode, CurrencyCode]
    >;
    fc.assert(
      fc.property(
        pair,
        units,
        units,
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        percent,
        percent,
        (p, d, out, fee, s, k) => {
          const [from, to] = p;
          const swap: SwapSnapshot = swapSnapshotFixture({
            from,
            to,
            status: 'DONE',
            amountDeposited: d.toString(),
            amountTo: out.toString(),
            feeAmount: fee.toString(),
            feePercent: (Number(s) + Number(k)).toFixed(3),
            partnerPercent: k,
          });
          const exchanged = [depositBatch(swap, d, `hot:${CURRENCIES[from].network}`), exchangeBatch(swap)];
          exchanged.forEach(assertBalanced);

          const refundTx = {
            id: 'r',
            amount: (d - d / 100n).toString(),
            fee: fee.toString(),
            feeCurrency: from,
            timeReg: 0,
            timeBlock: null,
            confirmations: 0,
            txKey: null,
          };
          const refunded = refundBatches({ ...swap, status: 'REFUNDED', refundTx }).map((b) => ({
            ...b,
            entries: b.entries.filter((e) => e.amount !== 0n),
          }));
          refunded.filter((b) => b.entries.length > 0).forEach(assertBalanced);
        },
      ),
    );
  });
});
