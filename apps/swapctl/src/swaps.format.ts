import type { DepositReturn, DepositLogEntry, SwapSnapshot } from '@swap/contracts';
import { amount, fields, orDash, table, time, yesNo } from './output';

type Tx = SwapSnapshot['depositTx'];

export function formatSwapTable(swaps: readonly SwapSnapshot[], status: string | null): string {
  if (swaps.length === 0) return status ? `no ${status} swaps\n` : 'no swaps\n';
  return table(
    ['ID', 'STATUS', 'TYPE', 'SEND', 'RECEIVE', 'CREATED', 'UPDATED'],
    swaps.map((s) => [
      s.id,
      s.status,
      s.dryrun ? `${s.type} (dry run)` : s.type,
      amount(s.amountFrom, s.from),
      amount(s.amountTo, s.to),
      time(s.time.reg),
      time(s.time.update),
    ]),
  );
}

export function formatSwap(s: SwapSnapshot): string {
  const tx = (t: Tx, code: SwapSnapshot['from']) =>
    t ? `${t.id} (${amount(t.amount, code)}, ${t.confirmations} conf)` : '-';
  return fields([
    ['id', s.id],
    ['status', s.status],
    ['type', `${s.type}, amount given as ${s.direction === 'from' ? 'send' : 'receive'}`],
    ['dry run', yesNo(s.dryrun)],
    ['api key', s.apiKey],
    ['send', amount(s.amountFrom, s.from)],
    ['receive', amount(s.amountTo, s.to)],
    ['deposited', amount(s.amountDeposited, s.from)],
    ['rate', s.rateActual ? `${s.rate} (applied ${s.rateActual})` : s.rate],
    ['proposed', s.proposed ? `rate ${s.proposed.rate}, receive ${amount(s.proposed.amount, s.to)}` : '-'],
    ['fee', `${s.feePercent} % (partner ${s.partnerPercent} %), ${amount(s.feeAmount, s.to)}`],
    ['deposit address', s.depositAddress],
    ['payout address', s.toAddress],
    ['refund address', orDash(s.refundAddress)],
    ['deposit tx', tx(s.depositTx, s.from)],
    ['payout tx', tx(s.payoutTx, s.to)],
    ...furtherPayouts(s),
    ['refund tx', tx(s.refundTx, s.from)],
    ...returns(s),
    ['issue', issue(s)],
    ['created', time(s.time.reg)],
    ['updated', time(s.time.update)],
    ['expires', time(s.time.expiration)],
    ['finished', time(s.time.finish)],
  ]);
}

/** Rule 1: each later deposit paid out on its own, one line per payout, after the swap's own. */
function furtherPayouts(s: SwapSnapshot): Array<[string, string]> {
  return s.later.flatMap((later): Array<[string, string]> => {
    const payout = later.payout;
    if (!payout) return [];
    const sent = payout.tx ? `${payout.tx.id}, ${payout.tx.confirmations} conf` : 'not sent yet';
    return [
      [
        `payout ${payout.id}`,
        `${amount(payout.amountTo, s.to)} ${payout.state} (${sent}) for deposit ${later.tx} of ${amount(later.amount, s.from)} at ${payout.rate}`,
      ],
    ];
  });
}

/** Deposits the swap did not take, going back. */
function returns(s: SwapSnapshot): Array<[string, string]> {
  return s.returns.map((r): [string, string] => [
    `return ${r.id}`,
    `${amount(r.amount, s.from)} ${r.state} to ${r.address ?? '(no address yet)'}` +
      `${r.tx ? ` (${r.tx.id}, ${r.tx.confirmations} conf)` : ''} for deposit ${r.depositTx}: ${r.reason}`,
  ]);
}

function issue(s: SwapSnapshot): string {
  if (!s.issue.type) return '-';
  const parts = [s.issue.type, s.issue.reason, s.issue.choice !== 'NONE' ? `choice ${s.issue.choice}` : null];
  if (s.issue.needsRefundAddress) parts.push('needs a refund address');
  return parts.filter((p) => p).join(', ');
}

export function formatDeposits(deposits: readonly DepositLogEntry[]): string {
  if (deposits.length === 0) return 'no deposits\n';
  return table(
    ['DEPOSIT', 'AMOUNT', 'CONFIRMATIONS', 'BLOCK', 'STATE', 'CREDITED', 'HANDLED', 'RETURNED', 'FIRST SEEN'],
    deposits.map((d) => [
      d.depositId,
      amount(d.amount, d.currency),
      String(d.confirmations),
      d.blockHeight === null ? 'mempool' : String(d.blockHeight),
      state(d),
      d.credited ? 'yes' : 'no',
      d.handling ?? '-',
      d.returned ? `${d.returned.returnId} ${d.returned.state}` : '-',
      time(d.firstSeenAt),
    ]),
  );
}

function state(d: DepositLogEntry): string {
  if (!d.reverted) return 'on chain';
  return d.replacedBy ? `replaced by ${d.replacedBy}` : 'reverted';
}

/** A deposit's return (swapctl swaps return-deposit). */
export function formatReturn(r: DepositReturn): string {
  return fields([
    ['return', r.returnId],
    ['swap', r.swapId],
    ['deposit', r.depositId],
    ['state', r.state],
    ['deposited', amount(r.deposited, r.currency)],
    ['returned', `${amount(r.amount, r.currency)} (less the 1 % refund fee)`],
    ['to', r.address],
    ['tx', r.txid === null ? '-' : `${r.txid} (${r.confirmations} confirmations)`],
    ['network fee', r.fee === null ? '-' : amount(r.fee, r.feeCurrency ?? r.currency)],
    ['reason', orDash(r.reason)],
    ['requested', time(r.requestedAt)],
    ['updated', time(r.updatedAt)],
  ]);
}
