import { CURRENCIES, type SwapOrderView, trimZeros } from '@swap/domain';
import { type Html, prose } from './html';

/** How the notice looks: where the swap is going on its own, where someone must act, where it ended. */
export type Tone = 'progress' | 'attention' | 'danger' | 'success' | 'neutral';

export interface NextStep {
  tone: Tone;
  title: string;
  body: Html;
  /** issue.reason, written for support (D4), shown as it is beside our own words. */
  reason?: string;
}

const amount = (value: string, code: string) => `${trimZeros(value)} ${code}`;
const networkOf = (order: SwapOrderView) => CURRENCIES[order.from.network].name;

/**
 * Nobody but the integrator can sign a decision or give a refund address (§4.6): the end user
 * reaches us through the site or app where the swap was started, quoting its id.
 */
const swapId = (order: SwapOrderView) => prose`<strong class="mono">${order.id}</strong>`;

/** What the user should do, or expect, in the swap's status (section 3, D4). */
export function nextStep(order: SwapOrderView): NextStep {
  const { from, to, issue } = order;
  const sent = amount(from.amountDeposited, from.code);
  switch (order.status) {
    case 'NEW':
      if (order.time.left === 0)
        return {
          tone: 'neutral',
          title: 'The payment window has ended',
          body: prose`Do not send anything to this address now.`,
        };
      return {
        tone: 'progress',
        title: `Send ${amount(from.amount, from.code)}`,
        body: prose`Send exactly this amount of ${from.name} on the ${networkOf(order)} network to the
          address below, in one transaction, before the time runs out. The rest happens by itself.
          ${order.type === 'float' ? 'What you receive follows the market until your deposit is confirmed.' : ''}`,
      };
    case 'PENDING':
      return {
        tone: 'progress',
        title: 'Your deposit has arrived',
        body: prose`It is waiting for its first confirmation on the ${networkOf(order)} network. Nothing to do.`,
      };
    case 'CONFIRMING':
      return {
        tone: 'progress',
        title: 'Your deposit is confirming',
        body: prose`${from.tx?.confirmations ?? 0} of ${from.reqConfirmations} confirmations. The exchange
          starts as soon as it has ${from.reqConfirmations}. Nothing to do.`,
      };
    case 'RATE_CHANGED':
      return {
        tone: 'attention',
        title: 'Your deposit differs from the order',
        body: prose`You sent ${sent}; the order was for ${amount(from.amount, from.code)}, so the fixed
          rate no longer applies.
          ${order.proposed ? `At the current rate you would receive ${amount(order.proposed.amount, to.code)}.` : ''}
          <br>What happens next: you choose between exchanging at the current rate and getting your
          deposit back, less the 1 % refund fee. The site or app where you started this swap asks you;
          if it does not, contact them and quote the swap id ${swapId(order)}.`,
      };
    case 'EXCHANGING':
      return {
        tone: 'progress',
        title: 'Exchanging',
        body: prose`Your deposit of ${sent} is confirmed; ${amount(to.amount, to.code)} will be sent to your address shortly.`,
      };
    case 'SENDING':
      return {
        tone: 'progress',
        title: 'On its way',
        body: prose`${amount(to.amount, to.code)} have been sent to your address and are waiting for the
          ${CURRENCIES[to.network].name} network.`,
      };
    case 'DONE':
      return {
        tone: 'success',
        title: 'Done',
        body: prose`${amount(to.amount, to.code)} were sent to your address.`,
      };
    case 'REFUNDING':
      if (issue.needsRefundAddress)
        return {
          tone: 'attention',
          title: 'Your deposit will be refunded: a refund address is needed',
          body: prose`No refund address was given when this swap was created.
            <br>What happens next: give an address of yours on the ${networkOf(order)} network, where
            you can receive ${from.coin}, to the site or app where you started this swap, quoting the
            swap id ${swapId(order)}. They pass it on, and your ${sent}, less
            the 1 % refund fee, is sent back automatically.`,
          reason: issue.reason ?? undefined,
        };
      return {
        tone: 'attention',
        title: 'Your deposit is being refunded',
        body: prose`Your ${sent}, less the 1 % refund fee, is on its way back to your refund address.
          Nothing to do.`,
        reason: issue.reason ?? undefined,
      };
    case 'REFUNDED':
      return {
        tone: 'neutral',
        title: 'Refunded',
        body: prose`Your deposit was sent back to your refund address.`,
      };
    case 'EXPIRED':
      return {
        tone: 'neutral',
        title: 'Expired',
        body: prose`No deposit arrived within the payment window. Do not send anything to this address.
          A deposit that arrives anyway is sent back, less the 1 % refund fee, to an address you give
          the site or app where you started this swap.`,
      };
    case 'FAILED':
      return {
        tone: 'danger',
        title: 'Under review',
        body: prose`Our operators are resolving it: nothing is lost and there is nothing you need to
          do. If you contact support, quote the swap id ${swapId(order)}.`,
        reason: issue.reason ?? undefined,
      };
  }
}
