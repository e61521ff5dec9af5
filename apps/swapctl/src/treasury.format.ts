import type { HotWalletBalance, SwapLedger, TransferView } from '@swap/contracts';
import { amount, orDash, table, time } from './output';

export function formatBalances(balances: readonly HotWalletBalance[]): string {
  return table(
    ['CODE', 'NETWORK', 'BALANCE', 'ADDRESS'],
    balances.map((b) => [b.code, b.network, b.balance ?? 'node unreachable', b.address]),
  );
}

export function formatLedger(ledger: SwapLedger): string {
  if (ledger.entries.length === 0) return `no ledger entries for swap ${ledger.swapId}\n`;
  const entries = table(
    ['AT', 'EFFECT', 'ACCOUNT', 'AMOUNT'],
    ledger.entries.map((e) => [
      time(Math.floor(e.at / 1000)),
      e.memo,
      e.account,
      amount(e.amount, e.currency),
    ]),
  );
  const balanced = ledger.totals.every((t) => t.amount === '0');
  const totals = ledger.totals.map((t) => amount(t.amount, t.currency)).join(', ');
  return `${entries}\ntotals: ${totals} (${balanced ? 'balanced' : 'NOT BALANCED'})\n`;
}

export function formatTransfers(transfers: readonly TransferView[]): string {
  if (transfers.length === 0) return 'no transfers\n';
  return table(
    [
      'PLANNED',
      'ID',
      'KIND',
      'STATE',
      'AMOUNT',
      'TXID',
      'CONF',
      'TRIES',
      'NEXT TRY',
      'FAILURE / LAST ERROR / HOLD',
    ],
    transfers.map((t) => [
      time(Math.floor(t.createdAt / 1000)),
      t.id,
      t.kind,
      t.state,
      amount(t.amount, t.currency),
      orDash(t.txid),
      String(t.confirmations),
      String(t.attempts),
      t.nextAttemptAt > t.updatedAt ? time(Math.floor(t.nextAttemptAt / 1000)) : '-',
      orDash(
        t.failure ??
          t.lastError ??
          (t.state === 'HELD' ? `held: ${t.holdReason ?? 'above a payout limit'}` : null),
      ),
    ]),
  );
}
