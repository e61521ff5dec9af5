import { fromSnapshot, type SwapSnapshot } from '@swap/contracts';
import { renderSwapOrder, type SwapOrderView } from '@swap/domain';
import { swapSnapshotFixture } from '@swap/testing';
import { DEFAULT_EXPLORERS } from './explorers';
import { escapeHtml, markup } from './html';
import { STATUS_PAGE_CSP, STATUS_PAGE_HEADERS } from './security-headers';
import { MAINNET_STATUS_PAGE, parseStatusPath, StatusPage } from './status-page';

const NOW = 1735689700;
const order = (overrides: Partial<SwapSnapshot> = {}): SwapOrderView =>
  renderSwapOrder(fromSnapshot(swapSnapshotFixture(overrides)), {
    now: NOW,
    publicUrl: 'https://swap.example',
  });
const tx = (id: string, confirmations: number) => ({
  id,
  amount: '150000000',
  fee: null,
  feeCurrency: null,
  timeReg: NOW - 60,
  timeBlock: null,
  confirmations,
  txKey: null,
});
const statusPage = new StatusPage(MAINNET_STATUS_PAGE);
const render = (overrides: Partial<SwapSnapshot> = {}) => statusPage.render(order(overrides));
/** The steps of the page, with the current one marked. */
const steps = (page: string) =>
  [...page.matchAll(/<li class="step step--(\w+)"[^>]*><span[^>]*><\/span>([^<]*)<\/li>/g)].map(
    ([, state, label]) => (state === 'current' ? `[${label}]` : label),
  );

describe('the public status page (D17)', () => {
  it('NEW: the amount and address to copy, the payment QR, the countdown, and the no-script refresh', () => {
    const page = render({ status: 'NEW' });
    expect(page).toContain('<h2>Send 1.5 LTC</h2>');
    expect(page).toContain('<code class="mono">1.5</code> LTC');
    expect(page).toContain('data-copy="1.5"');
    expect(page).toContain('<code class="mono address">ltc1qdeposit</code>');
    expect(page).toContain('data-copy="ltc1qdeposit"');
    expect(page).toMatch(/<svg class="qr" [^>]*aria-label="QR code: pay 1.5 LTC to ltc1qdeposit"/);
    // 1735691400 - 1735689700 = 1700 s
    expect(page).toContain('data-left="1700" datetime="2025-01-01T00:30:00.000Z">28:20</time>');
    expect(page).toContain('<noscript><meta http-equiv="refresh" content="20"></noscript>');
    expect(steps(page)).toEqual([
      '[Waiting for your deposit]',
      'Deposit seen',
      'Confirming',
      'Exchanging',
      'Sending to you',
      'Done',
    ]);
    expect(page).not.toContain('tOkEn0123456789abcdefg'); // the page never repeats the token
  });

  it('loads nothing but its own assets, with copy buttons only for the script to show', () => {
    const page = render({ status: 'NEW' });
    const sources = [...page.matchAll(/(?:src|href)="([^"]*)"/g)].map(([, url]) => url);
    expect(sources.filter((url) => !url.startsWith('https://'))).toEqual([
      'data:,',
      expect.stringMatching(/^assets\/status\.[0-9a-f]{12}\.css$/),
      expect.stringMatching(/^assets\/status\.[0-9a-f]{12}\.js$/),
    ]);
    // Only explorer links leave the site, and they are links, not loads.
    expect(page.match(/<a [^>]*href="https:/g)?.length).toBe(page.match(/href="https:/g)?.length);
    expect(page).not.toMatch(/<script>|<style|\sstyle=|\son\w+=/);
    expect(page.match(/<button [^>]*data-copy[^>]*>/g)?.every((button) => button.includes(' hidden'))).toBe(
      true,
    );
  });

  it('CONFIRMING: x of y confirmations, and the deposit transaction on the explorer', () => {
    const page = render({
      status: 'CONFIRMING',
      depositTx: tx('aa11', 1),
      time: { reg: NOW - 600, start: NOW - 120, finish: null, update: NOW, expiration: NOW + 3000 },
    });
    expect(steps(page)).toEqual([
      'Waiting for your deposit',
      'Deposit seen',
      '[Confirming: 1 of 2]',
      'Exchanging',
      'Sending to you',
      'Done',
    ]);
    expect(page).toContain('1 of 2 confirmations. The exchange');
    expect(page).toContain('<span class="muted">1.5 LTC · 1 of 2 confirmations</span>');
    expect(page).not.toContain('Credited'); // nothing is credited before the confirmations
    expect(page).toContain(
      '<a class="mono" href="https://litecoinspace.org/tx/aa11" target="_blank" rel="noopener noreferrer">aa11</a>',
    );
    expect(page).toContain('href="https://litecoinspace.org/address/ltc1qdeposit"');
    expect(page).toContain('href="https://mempool.space/address/bc1qpayout"');
    expect(page).not.toContain('<svg'); // the QR is for paying, which is done
  });

  it('RATE_CHANGED: what the deposit was, the re-quote, and who decides', () => {
    const page = render({
      type: 'fixed',
      status: 'RATE_CHANGED',
      depositTx: tx('bb22', 2),
      amountDeposited: '180000000',
      issue: {
        type: 'MORE',
        reason: 'Deposit 20 % above the order.',
        needsRefundAddress: false,
        choice: 'NONE',
      },
      proposed: { rate: '0.0081', amount: '1458000' },
    });
    expect(page).toContain('<h2>Your deposit differs from the order</h2>');
    expect(page).toContain('You sent 1.8 LTC; the order was for 1.5 LTC');
    expect(page).toContain('At the current rate you would receive 0.01458 BTC.');
    expect(page).toContain('<dt>Ordered payout</dt><dd>0.012345 BTC</dd>');
    expect(page).toContain('<dd>1 LTC = 0.00823 BTC (fixed rate)</dd>');
    expect(page).toContain('<dt>At the current rate</dt><dd>0.01458 BTC</dd>');
    // The reason speaks to the integrator (EXCHANGE or REFUND); the page says it in the user's words.
    expect(page).not.toContain('Deposit 20 % above the order.');
    expect(page).toContain('<strong class="mono">AbCdEfGhIj</strong>');
    expect(steps(page)).toContain('[Amount differs: a decision is needed]');
  });

  it('REFUNDING without a refund address: how the user gets one to us', () => {
    const page = render({
      status: 'REFUNDING',
      depositTx: tx('cc33', 2),
      amountDeposited: '5000000',
      issue: {
        type: 'BELOW_MINIMUM',
        reason: 'Deposit below the minimum.',
        needsRefundAddress: true,
        choice: 'REFUND',
      },
    });
    expect(page).toContain('<h2>Your deposit will be refunded: a refund address is needed</h2>');
    expect(page).toContain(
      'give an address of yours on the Litecoin network, where you can receive LTC, to the site or app',
    );
    expect(page).toContain('quoting the swap id <strong class="mono">AbCdEfGhIj</strong>');
    expect(steps(page)).toEqual([
      'Waiting for your deposit',
      'Deposit seen',
      'Confirmed',
      '[Refunding]',
      'Refunded',
    ]);
    expect(page).toContain('<p class="reason">Reason: Deposit below the minimum.</p>');
    expect(page).toContain('<ol class="steps steps--attention">');
  });

  it('FAILED says why and that nothing is lost; EXPIRED tells not to send', () => {
    const failed = render({
      status: 'FAILED',
      depositTx: tx('dd44', 2),
      issue: {
        type: null,
        reason: 'The payout was rejected by the network.',
        needsRefundAddress: false,
        choice: 'NONE',
      },
    });
    expect(failed).toContain('Our operators are resolving it: nothing is lost');
    expect(failed).toContain('<p class="reason">Reason: The payout was rejected by the network.</p>');
    expect(steps(failed)).toEqual([
      'Waiting for your deposit',
      'Deposit seen',
      'Confirmed',
      '[Under review]',
    ]);
    const expired = render({ status: 'EXPIRED' });
    expect(expired).toContain('Do not send anything to this address.');
    expect(steps(expired)).toEqual(['Waiting for your deposit', '[Expired]']);
  });

  it('DONE: the payout on the explorer, every step behind, and no more refreshing', () => {
    const page = render({
      status: 'DONE',
      depositTx: tx('ee55', 2),
      payoutTx: { ...tx('ff66', 1), amount: '1234500' },
      rateActual: '0.008230000123456789',
      amountDeposited: '150000000',
    });
    expect(page).toContain('<h2>Done</h2>');
    expect(page).toContain('<dd>1 LTC ≈ 0.0082300001 BTC (floating rate)</dd>');
    expect(page).toContain('0.012345 BTC were sent to your address.');
    expect(page).toContain('href="https://mempool.space/tx/ff66"');
    expect(steps(page).at(-1)).toBe('[Done]');
    expect(page).not.toContain('http-equiv="refresh"');
    expect(page).toContain('data-moving="false"');
  });

  it("carries the swap's version, from which its script follows the live events", () => {
    expect(statusPage.render(order(), 7)).toContain('data-version="7"');
    expect(render()).not.toContain('data-version');
  });

  it('escapes everything from the order: addresses, reasons, transaction ids', () => {
    const evil = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const page = render({
      status: 'FAILED',
      toAddress: evil,
      depositTx: tx(evil, 1),
      issue: { type: null, reason: evil, needsRefundAddress: false, choice: 'NONE' },
    });
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img');
    expect(page).toContain(escapeHtml(evil));
    // In a link, the value is URL-encoded too.
    expect(page).toContain(`href="https://mempool.space/address/${escapeHtml(encodeURIComponent(evil))}"`);
  });

  it('has one not-found page for unknown swaps and wrong tokens alike', () => {
    expect(statusPage.notFound()).toContain('<h1>Swap not found</h1>');
    expect(statusPage.tooManyRequests(2)).toContain('Please wait 2 s');
  });

  it('links each network to its configured explorer, or not at all', () => {
    const page = new StatusPage({
      ...MAINNET_STATUS_PAGE,
      explorers: { ...DEFAULT_EXPLORERS, LTC: { tx: 'https://ltc.example/t/{tx}', address: null } },
    }).render(order({ status: 'CONFIRMING', depositTx: tx('aa11', 1) }));
    expect(page).toContain('href="https://ltc.example/t/aa11"');
    expect(page).toContain('<code class="mono">ltc1qdeposit</code>');
  });

  it('serves its hashed stylesheet and script, nothing else', () => {
    const [css, js] = [...render().matchAll(/assets\/(status\.\w+\.(?:css|js))/g)].map(([, name]) => name);
    expect(statusPage.asset(css)?.contentType).toBe('text/css; charset=utf-8');
    expect(statusPage.asset(js)?.body).toContain("fetch(location.pathname + '.json' + location.search");
    expect(statusPage.asset('status.css')).toBeUndefined();
    expect(statusPage.asset('../../etc/passwd')).toBeUndefined();
  });

  it('tells the page from its JSON', () => {
    expect(parseStatusPath('AbCdEfGhIj')).toEqual({ id: 'AbCdEfGhIj', format: 'html' });
    expect(parseStatusPath('AbCdEfGhIj.json')).toEqual({ id: 'AbCdEfGhIj', format: 'json' });
  });
});

describe('the status page’s headers', () => {
  it('a strict Content-Security-Policy: its own script, style and fetches only, no frames, no base, no forms', () => {
    expect(STATUS_PAGE_CSP).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(STATUS_PAGE_CSP).not.toMatch(/unsafe|\*|https?:/);
    expect(STATUS_PAGE_HEADERS).toMatchObject({
      'Content-Security-Policy': STATUS_PAGE_CSP,
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    });
  });
});

describe('markup templates', () => {
  it('escape what they are given, keep what is already html, and drop nothing-values', () => {
    expect(
      markup`<p title="${'"x"'}">${'<b>'}${markup`<i>ok</i>`}${null}${false}${['a', '&']}</p>`.text,
    ).toBe('<p title="&quot;x&quot;">&lt;b&gt;<i>ok</i>a&amp;</p>');
  });
});
