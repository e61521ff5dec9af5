import type { HotWalletBalance, SwapLedger } from '@swap/contracts';
import { amount, table, time } from './output';

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
