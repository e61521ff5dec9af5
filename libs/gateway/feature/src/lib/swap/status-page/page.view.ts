import { FINAL_STATUSES, type SwapOrderView, trimZeros } from '@swap/domain';
import { SwapDetails } from './details';
import { type Explorers } from './explorers';
import { type Html, markup } from './html';
import { nextStep, type Tone } from './next-step';
import { paymentBox, utc } from './payment-box';
import { type PaymentChains } from './payment-uri';
import { type StatusStep, swapSteps } from './steps';

/** Seconds between the reloads of a page read without JavaScript, while the swap can still move. */
export const NO_SCRIPT_REFRESH_SECONDS = 20;

export interface PageAssets {
  /** Paths relative to the page (`assets/status.<hash>.css`), so a path prefix in front of the gateway keeps working. */
  stylesheet: string;
  script: string;
}

const TONE: Record<SwapOrderView['status'], Tone> = {
  NEW: 'progress',
  PENDING: 'progress',
  CONFIRMING: 'progress',
  EXCHANGING: 'progress',
  SENDING: 'progress',
  RATE_CHANGED: 'attention',
  REFUNDING: 'attention',
  FAILED: 'danger',
  DONE: 'success',
  EXPIRED: 'neutral',
  REFUNDED: 'neutral',
};

/** A reason as a sentence: it ends with a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The swap can still change: open, or a deposit of it still on its way back. */
export function isMoving(order: SwapOrderView): boolean {
  return (
    !FINAL_STATUSES.includes(order.status) ||
    order.returns.some((ret) => ret.status === 'AWAITING_ADDRESS' || ret.status === 'REFUNDING')
  );
}

const stepItem = (step: StatusStep) =>
  markup`<li class="step step--${step.state}"${step.state === 'current' && markup` aria-current="step"`}><span class="dot" aria-hidden="true"></span>${step.label}</li>`;

/**
 * D17: the whole page rendered on the server, complete without JavaScript; the script only keeps
 * it current (it fetches this page again when `/swap/{id}.json` says the swap changed) and ticks
 * the countdown. Every value from the order goes through `markup`, which escapes it.
 */
export class StatusPageView {
  private readonly details: SwapDetails;

  constructor(
    explorers: Explorers,
    private readonly chains: PaymentChains,
    private readonly assets: PageAssets,
  ) {
    this.details = new SwapDetails(explorers);
  }

  render(order: SwapOrderView, version?: number): string {
    const { from, to } = order;
    const step = nextStep(order);
    const steps = swapSteps(order);
    const moving = isMoving(order);
    const tone = TONE[order.status];
    const paying = order.status === 'NEW' && order.time.left !== 0;
    const main = markup`<main id="swap" class="page" data-status="${order.status}" data-moving="${String(moving)}"${version !== undefined && markup` data-version="${version}"`}>
  <header class="top">
    <p class="eyebrow">Swap <span class="mono">${order.id}</span></p>
    <h1>${trimZeros(from.amount)} ${from.code} <span class="arrow">→</span> ${trimZeros(to.amount)} ${to.code}</h1>
    <p class="badge badge--${tone}">${steps.find((s) => s.state === 'current')?.label}</p>
  </header>
  <section class="card notice notice--${step.tone}" aria-live="polite">
    <h2>${step.title}</h2>
    <p>${step.body}</p>
    ${step.reason && markup`<p class="reason">Reason: ${sentence(step.reason)}</p>`}
  </section>
  ${paying && paymentBox(order, this.chains)}
  <section class="card">
    <h2>Progress</h2>
    <ol class="steps steps--${tone}">${steps.map(stepItem)}</ol>
  </section>
  <section class="card">
    <h2>Details</h2>
    ${this.details.render(order)}
  </section>
  <footer class="foot">
    <p class="live" data-live>${moving ? 'This page updates by itself.' : 'This swap is over.'}</p>
    <p>Created ${utc(order.time.reg)} · keep this page's link: it is the only way back to this swap.</p>
  </footer>
</main>`;
    return page(`Swap ${order.id}: ${step.title}`, this.assets, main, moving);
  }
}

/** The document around a page's main element: its own stylesheet and script only (the CSP allows nothing else). */
export function page(title: string, assets: PageAssets, main: Html, refresh = false): string {
  const reload = markup`<noscript><meta http-equiv="refresh" content="${NO_SCRIPT_REFRESH_SECONDS}"></noscript>`;
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assets.stylesheet}">
<script src="${assets.script}" defer></script>
${refresh && reload}
</head>
<body>
${main}
</body>
</html>
`.text;
}

/** A page with one notice (not found, too many requests, a refusal): its title, a line, and what follows. */
export function noticePage(
  title: string,
  text: string,
  assets: PageAssets,
  after: Html | null = null,
): string {
  return page(
    title,
    assets,
    markup`<main class="page"><section class="card notice notice--neutral">
        <h1>${title}</h1><p>${text}</p>${after}
      </section></main>`,
  );
}
