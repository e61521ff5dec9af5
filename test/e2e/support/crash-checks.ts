import {
  devnetBalance,
  engineShowSwap,
  isDevnetWalletNetwork,
  treasuryLedger,
  type SwapSnapshot,
} from '@swap/contracts';
import { CURRENCY_CODES } from '@swap/domain';
import type { Extra } from './crash-later';
import {
  byTxid,
  expectedLaterDeposits,
  extraPayment,
  laterDeposits,
  type Payment,
} from './crash-later-checks';
import { CRASH_NETWORKS, hotWallet, network, type Running } from './crash-plan';
import type { CrashRun } from './crash-run';

/** The crash family's end state: DONE for a float swap, REFUNDED for the others. */
export const expectedEnd = (swap: Running) => (swap.kind === 'float' ? 'DONE' : 'REFUNDED');

/**
 * The crash family's invariants once every swap ended and the treasury settled: each swap ended as
 * planned and was paid (and its extra deposit settled) exactly once on the devnet, every signed
 * transaction is one treasury transfer, the ledger balances, and the holdings match the ledger.
 */
export async function expectCrashInvariants(run: CrashRun, swaps: Running[], extras: Extra[] = []) {
  expect(swaps.map((s) => [s.id, s.status])).toEqual(swaps.map((s) => [s.id, expectedEnd(s)]));
  for (const swap of swaps) {
    const snapshot = await run.stack.call(engineShowSwap, { id: swap.id });
    const extra = extras.find((e) => e.swap === swap);
    expect({ swap: swap.id, ...laterDeposits(snapshot) }).toEqual({
      swap: swap.id,
      ...expectedLaterDeposits(swap, snapshot, extra),
    });
    await expectPaidOnce(run, swap, snapshot, extra);
  }
  await expectEveryTransactionOneTransfer(run, swaps.length);
  await expectLedgerBalanced(run, swaps);
  await expectHoldingsMatchTheLedger(run, swaps);
}

/**
 * The devnet took exactly one transaction to the swap's payout or refund address, from the hot
 * wallet, for the amount the swap shows, and one more for its extra deposit's payout or return,
 * each with one treasury transfer: none was broadcast twice, and none went to the other address.
 */
async function expectPaidOnce({ records }: CrashRun, swap: Running, snapshot: SwapSnapshot, extra?: Extra) {
  const paidOut = swap.kind === 'float';
  const tx = paidOut ? snapshot.payoutTx : snapshot.refundTx;
  const currency = paidOut ? swap.to : swap.from;
  const own: Payment = {
    sent: {
      txid: tx?.id,
      sender: hotWallet(network(currency)),
      currency,
      amount: paidOut ? snapshot.amountTo : tx?.amount,
      state: 'confirmed',
    },
    transfer: { kind: paidOut ? 'payout' : 'refund', txid: tx?.id, state: 'CONFIRMED' },
  };
  const payments = [own, ...(extra ? [extraPayment(swap, snapshot, extra)] : [])];
  const sent = [
    ...(await records.sentTo(network(swap.to), swap.toAddress)),
    ...(await records.sentTo(network(swap.from), swap.refundAddress)),
  ];
  const transfers = await records.paymentsOf(swap.id);
  expect({ swap: swap.id, sent: byTxid(sent), transfers: byTxid(transfers) }).toEqual({
    swap: swap.id,
    sent: byTxid(payments.map((p) => p.sent)),
    transfers: byTxid(payments.map((p) => p.transfer)),
  });
  expect(paidOut ? snapshot.toAddress : snapshot.refundAddress).toBe(
    paidOut ? swap.toAddress : swap.refundAddress,
  );
}

/**
 * Only the treasury signs on these chains (users only receive; deposits come from the faucet), so
 * every signed transaction on the devnet is exactly one of its transfers: none signed twice.
 */
async function expectEveryTransactionOneTransfer({ records }: CrashRun, atLeast: number) {
  const transactions = await records.signedTransactions();
  expect(transactions.length).toBeGreaterThanOrEqual(atLeast);
  expect(transactions.filter((t) => t.transfers !== 1)).toEqual([]);
}

/** Debits equal credits: for every swap (ops.treasury.ledger) and over the whole ledger. */
async function expectLedgerBalanced({ stack, records }: CrashRun, swaps: Running[]) {
  for (const swap of swaps) {
    const ledger = await stack.call(treasuryLedger, { swapId: swap.id });
    const unbalanced = ledger.totals.filter((t) => t.amount !== '0');
    expect({ swap: swap.id, booked: ledger.entries.length > 0, unbalanced }).toEqual({
      swap: swap.id,
      booked: true,
      unbalanced: [],
    });
  }
  expect(await records.unbalancedCurrencies()).toEqual([]);
}

/**
 * Once everything settled, the treasury's books match what it holds: per currency, the hot wallet
 * and the swaps' deposit addresses moved on the chain exactly as `hot:<network>` and the
 * `unswept:<swap>` accounts say (on BTC the hot account is the whole wallet, deposits included,
 * and the hot wallet's balance on the devnet is that wallet's, as a node's wallet).
 */
async function expectHoldingsMatchTheLedger({ stack, records }: CrashRun, swaps: Running[]) {
  const codes = CURRENCY_CODES.filter((code) => CRASH_NETWORKS.includes(network(code)));
  for (const code of codes) {
    const net = network(code);
    const ofNetwork = swaps.filter((s) => network(s.from) === net);
    const deposits = ofNetwork.map((s) => s.depositAddress);
    const addresses = [hotWallet(net), ...(isDevnetWalletNetwork(net) ? [] : deposits)];
    let held = 0n;
    for (const address of addresses)
      held += BigInt((await stack.call(devnetBalance, { network: net, address, currency: code })).balance);
    const accounts = [`hot:${net}`, ...ofNetwork.map((s) => `unswept:${s.id}`)];
    const { genesis, booked } = await records.genesisAndBooks(net, hotWallet(net), code, accounts);
    expect({ code, moved: (held - genesis).toString() }).toEqual({ code, moved: booked.toString() });
  }
}
