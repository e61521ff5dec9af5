import { FINAL_STATUSES, type ReturnView, type SwapOrderView } from '@swap/domain';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const html = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** What the user should do or expect, in one sentence per status. */
const NEXT_STEP: Record<SwapOrderView['status'], string> = {
  NEW: 'Send the amount below to the deposit address.',
  PENDING: 'Your deposit was seen and waits for confirmations.',
  CONFIRMING: 'Your deposit is being confirmed.',
  RATE_CHANGED: 'Your deposit differs from the order: your wallet or service will ask you what to do.',
  EXCHANGING: 'Your deposit is confirmed; the exchange is under way.',
  SENDING: 'Your coins are on their way.',
  REFUNDING: 'Your deposit is being refunded.',
  DONE: 'Done: the coins were sent.',
  EXPIRED: 'The payment window ended without a deposit.',
  REFUNDED: 'Your deposit was refunded.',
  FAILED: 'Under manual review by our support team; nothing is lost.',
};

const row = (label: string, value: unknown) =>
  value === null || value === undefined || value === ''
    ? ''
    : `<tr><th>${html(label)}</th><td>${html(value)}</td></tr>`;

/** A deposit going back, in the user's words. */
const RETURN_STATE: Record<ReturnView['status'], string> = {
  AWAITING_ADDRESS: 'waits for a refund address (ask your wallet or service to give one)',
  REFUNDING: 'is being sent back',
  REFUNDED: 'was sent back',
  FAILED: 'could not be sent back yet; our support team is on it, nothing is lost',
};

const returnRow = (ret: ReturnView, code: string) =>
  row(
    `Deposit ${ret.depositTx.slice(0, 12)}…`,
    `${ret.deposited} ${code}: ${ret.amount} ${code} ${RETURN_STATE[ret.status]}` +
      (ret.tx ? ` (transaction ${ret.tx.id})` : ''),
  );

/**
 * D1: the public status page behind a swap's `url`, for the end user (no API key; the token in the
 * link authorizes it). Plain HTML that refreshes itself while the swap is open; every value escaped.
 */
export function renderStatusPage(order: SwapOrderView): string {
  const open = !FINAL_STATUSES.includes(order.status);
  const rows = [
    row('Status', order.status),
    row('You send', `${order.from.amount} ${order.from.code}`),
    row('Deposit address', order.status === 'NEW' ? order.from.address : null),
    row('Time left', order.time.left === null ? null : `${Math.floor(order.time.left / 60)} min`),
    row('Deposited', order.from.tx ? `${order.from.amountDeposited} ${order.from.code}` : null),
    row(
      'Confirmations',
      order.from.tx ? `${order.from.tx.confirmations} of ${order.from.reqConfirmations}` : null,
    ),
    row('You receive', `${order.to.amount} ${order.to.code}`),
    row('To address', order.to.address),
    row('Payout transaction', order.to.tx?.id),
    row('Refund transaction', order.refund.tx?.id),
    ...order.returns.map((ret) => returnRow(ret, order.from.code)),
  ].join('');
  // A deposit still on its way back keeps the page refreshing, whatever the swap's own status.
  const moving = order.returns.some((ret) => ret.status === 'AWAITING_ADDRESS' || ret.status === 'REFUNDING');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${open || moving ? '<meta http-equiv="refresh" content="15">' : ''}<title>Swap ${html(order.id)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}th{text-align:left;padding-right:1rem;font-weight:600}td{word-break:break-all}</style>
</head><body><h1>Swap ${html(order.id)}</h1><p>${html(NEXT_STEP[order.status])}</p><table>${rows}</table></body></html>
`;
}

/** The same page for an unknown swap or a wrong token: nothing tells them apart. */
export function renderStatusNotFound(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Swap not found</title></head>
<body><h1>Swap not found</h1><p>Check the link you were given.</p></body></html>
`;
}
